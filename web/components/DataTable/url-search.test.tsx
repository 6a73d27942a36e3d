import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useSearchParams as useRouterSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { mergeSearchChange, useSearchParams } from "./url-search";

const q = (text: string) => new URLSearchParams(text);

describe("mergeSearchChange", () => {
  it("applies the keys the caller changed onto the latest query and keeps the rest of it", () => {
    // The caller's render read page 2 with from; it asks for to (and page 1); meanwhile `status` was added.
    const merged = mergeSearchChange(
      q("page=2&from=2026-11-02"),
      q("page=1&from=2026-11-02&to=2026-11-09"),
      q("page=2&from=2026-11-02&status=paid"),
    );
    expect(Object.fromEntries(merged)).toEqual({
      page: "1",
      from: "2026-11-02",
      to: "2026-11-09",
      status: "paid",
    });
  });

  it("removes what the caller removed, repeated keys included", () => {
    const merged = mergeSearchChange(
      q("tag=a&tag=b&search=x"),
      q("search=x"),
      q("tag=a&tag=b&search=x&page=3"),
    );
    expect(merged.toString()).toBe("search=x&page=3");
    expect(mergeSearchChange(q("tag=a"), q("tag=a&tag=c"), q("tag=a")).getAll("tag")).toEqual(["a", "c"]);
  });
});

/** Two filters changed one after the other before the screen renders again, each from what it last read. */
function TwoQuickChanges({
  hook,
}: {
  hook: () => [URLSearchParams, (next: Record<string, string>) => void];
}) {
  const [params, set] = hook();
  const shown = Object.fromEntries(params);
  return (
    <>
      <output>{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          set({ ...shown, from: "2026-11-02" });
          set({ ...shown, to: "2026-11-09" });
        }}
      >
        filtrar
      </button>
    </>
  );
}

function renderAt(hook: () => [URLSearchParams, (next: Record<string, string>) => void]) {
  const router = createMemoryRouter([{ path: "/audit-log", element: <TwoQuickChanges hook={hook} /> }], {
    initialEntries: ["/audit-log?page=1"],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe("useSearchParams", () => {
  it("keeps both of two changes made before the screen renders again", async () => {
    const router = renderAt(useSearchParams);
    await act(async () => screen.getByRole("button", { name: "filtrar" }).click());
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      page: "1",
      from: "2026-11-02",
      to: "2026-11-09",
    });
    expect(screen.getByRole("status").textContent).toBe("page=1&from=2026-11-02&to=2026-11-09");
  });

  it("(React Router's own hook drops the first: what the screens did before)", async () => {
    const router = renderAt(useRouterSearchParams);
    await act(async () => screen.getByRole("button", { name: "filtrar" }).click());
    expect(new URLSearchParams(router.state.location.search).has("from")).toBe(false);
  });
});
