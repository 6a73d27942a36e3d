import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const activity = {
  id: 4,
  title: "Feria científica",
  description: "Proyectos",
  observation: null,
  start_date: "2031-03-10",
  end_date: "2031-03-12",
  period_id: 2,
  color: null,
  text_color: null,
};
const empty = { data: [], meta: { total: 0, per_page: 10, current_page: 1, last_page: 1 } };
const periods = {
  data: [{ id: 2, year: 2031, number: 1, enabled: true }],
  meta: { total: 1, per_page: 1, current_page: 1, last_page: 1 },
};

describe("activities", () => {
  it("an edit sends the changed texts, emptied ones as null, and goes back to the list", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/activities/4" && init.method === "PATCH")
        return jsonResponse(200, { data: { ...activity, description: null, observation: "Auditorio" } });
      if (url === "/api/activities/4") return jsonResponse(200, { data: activity });
      if (url.startsWith("/api/periods")) return jsonResponse(200, periods);
      if (url.startsWith("/api/activities?")) return jsonResponse(200, empty);
    });
    const { router } = renderApp("/activities/4/edit");
    const description = await screen.findByLabelText(/^Descripción/);
    expect(description).toHaveValue("Proyectos");
    await userEvent.clear(description);
    await userEvent.type(screen.getByLabelText(/^Observación/), "Auditorio");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/activities"));
    const sent = fetch.mock.calls
      .filter(([, init]) => init?.method === "PATCH")
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([
      {
        title: "Feria científica",
        description: null,
        observation: "Auditorio",
        start_date: "2031-03-10",
        end_date: "2031-03-12",
        period_id: 2,
      },
    ]);
  });

  it("a student sees the calendar and the table without write buttons, and no period call", async () => {
    loginAs(Role.student);
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/activities?"))
        return jsonResponse(200, { data: [activity], meta: { ...empty.meta, total: 1 } });
    });
    renderApp("/activities?month=2031-03");
    expect(
      await screen.findByRole("heading", { name: "Cronograma de actividades", level: 1 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole("button", { name: /^martes, 11 de marzo de 2031: Feria científica$/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Crear actividad" })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith("/api/periods"))).toBe(false);
    expect(
      fetch.mock.calls.some(
        ([url]) => String(url).includes("from=2031-03-01") && String(url).includes("to=2031-03-31"),
      ),
    ).toBe(true);
  });
});
