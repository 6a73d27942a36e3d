import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const rows = [
  {
    id: 5,
    content: "Su pago fue aprobado.",
    attachment: null,
    created_at: "2026-11-24T09:05:00",
    sender: null,
    pivot: { read_at: null },
    type: 6,
    back: "/profile",
  },
  {
    id: 4,
    content: "Bienvenidos al período",
    attachment: null,
    created_at: "2026-11-20T08:00:00",
    sender: { name: "Dirección", email: "d@x.co", profile_picture: null },
    pivot: { read_at: "2026-11-21T08:00:00" },
    type: 1,
  },
];

describe("/notifications", () => {
  it("lists read and unread ones, filters unread, marks one read and opens its link", async () => {
    loginAs(Role.student);
    const lists: string[] = [];
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/notifications?") && url.includes("with=sender") && !url.includes("limit=0")) {
        lists.push(url);
        const data = /unread=(true|1)/.test(url) ? rows.filter((r) => !r.pivot.read_at) : rows;
        return jsonResponse(200, {
          data,
          meta: { total: data.length, per_page: 10, current_page: 1, last_page: 1 },
        });
      }
      if (url === "/api/notifications/5/mark-as-read" && init.method === "PATCH")
        return jsonResponse(200, {});
    });
    const { router } = renderApp("/notifications");
    expect(await screen.findByText("Bienvenidos al período")).toBeInTheDocument();
    expect(screen.getByText("Sistema")).toBeInTheDocument();
    expect(screen.getByText("Leída")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Enviar notificación" })).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: "Sin leer" }));
    await waitFor(() => expect(lists.some((u) => /unread=(true|1)/.test(u))).toBe(true));
    await waitFor(() => expect(screen.queryByText("Bienvenidos al período")).toBeNull());
    const row = screen.getByText("Su pago fue aprobado.").closest("tr")!;
    expect(within(row).getByRole("button", { name: "Marcar como leída" })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Su pago fue aprobado." }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(fetch.mock.calls.some(([url]) => url === "/api/notifications/5/mark-as-read")).toBe(true);
  });
});
