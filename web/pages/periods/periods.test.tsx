import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { PeriodDetail } from "../../api/periods";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

// Today is fixed (only the Date is faked, timers stay real): 2030-1 starts in the future, so its pensums
// can still be attached, and a new period's year defaults to this one's.
beforeEach(() => {
  resetAppState();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T15:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const nobody = { principal: null, vice_principal: null, study_control: null, manager: null, signer: null };

const period = (overrides: Partial<PeriodDetail> = {}): PeriodDetail => ({
  id: 5,
  year: 2030,
  number: 1,
  name: "2030-1",
  enabled: false,
  state: "next",
  weeks_length: 16,
  start_date: "2030-02-04",
  end_date: "2030-05-24",
  first_cut_start_date: "2030-02-04",
  first_cut_end_date: "2030-03-29",
  second_cut_start_date: "2030-04-01",
  second_cut_end_date: "2030-05-24",
  first_half_end_date: null,
  second_half_end_date: null,
  pending_evaluations_fc_reminder_date: null,
  pending_evaluations_sc_reminder_date: null,
  approval_minimum_avg: 10,
  approval_minimum_note: 10,
  low_performance_note: 12,
  high_performance_note: 16,
  enabled_inscriptions: false,
  enabled_preregisters: true,
  semester_price_e2: 2000050,
  responsibles: { ...nobody, principal: { name: "Lcda. Ana", title: "Directora", identity_document: null } },
  specializations: [
    {
      id: 1,
      code: "CB",
      title: "Ciclo básico",
      is_basic: true,
      pensum: { id: 3, name: "Pensum CB", version: 1 },
    },
    { id: 2, code: "INF", title: "Informática", is_basic: false, pensum: null },
  ],
  ...overrides,
});

const bodies = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [url, JSON.parse(String(init?.body ?? "null"))]);

describe("period detail", () => {
  it("shows the data, money divided by 100, and the pensum of each specialization", async () => {
    loginAs(Role.lowAdmin);
    mockFetch((url) => {
      if (url === "/api/periods/5") return jsonResponse(200, { data: period() });
    });
    renderApp("/periods/5");
    expect(await screen.findByRole("heading", { name: "Período 2030-1" })).toBeInTheDocument();
    expect(screen.getByText("20.000,50")).toBeInTheDocument();
    expect(screen.getByText("Pensum CB (versión 1)")).toBeInTheDocument();
    expect(screen.getByText("Sin pensum asignado")).toBeInTheDocument();
    expect(screen.getByText("Lcda. Ana — Directora")).toBeInTheDocument();
    // Low admins read; they neither enable, edit, attach nor toggle.
    expect(screen.queryByRole("button", { name: "Activar período" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Asignar pensum/ })).not.toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Inscripciones abiertas" })).toBeDisabled();
  });

  it("flips a toggle back when the call fails", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/periods/5" && init.method === "GET") return jsonResponse(200, { data: period() });
      if (url === "/api/periods/5/open-inscriptions")
        return jsonResponse(400, {
          message: "period_not_equals_next_period",
          description: "Solo se puede cambiar el estado de inscripción del período actual o del siguiente.",
        });
    });
    renderApp("/periods/5");
    const toggle = await screen.findByRole("switch", { name: "Inscripciones abiertas" });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    const dialog = await screen.findByRole("dialog", { name: "No se pudo completar la acción" });
    expect(within(dialog).getByText(/período actual o del siguiente/)).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(bodies(fetch, "PATCH")).toEqual([
      ["/api/periods/5/open-inscriptions", { enabled_inscriptions: true }],
    ]);
  });

  it("keeps a toggle that succeeds and says so", async () => {
    loginAs(Role.admin);
    mockFetch((url, init) => {
      if (url === "/api/periods/5" && init.method === "GET") return jsonResponse(200, { data: period() });
      if (url === "/api/periods/5/open-inscriptions")
        return jsonResponse(200, { data: period({ enabled_inscriptions: true }) });
    });
    renderApp("/periods/5");
    const toggle = await screen.findByRole("switch", { name: "Inscripciones abiertas" });
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ message: "Se abrieron las inscripciones" }),
      ),
    );
    expect(toggle).toBeChecked();
  });

  it("disables the toggles of a period that is neither current nor next", async () => {
    loginAs(Role.admin);
    mockFetch((url) => {
      if (url === "/api/periods/5") return jsonResponse(200, { data: period({ state: "older" }) });
    });
    renderApp("/periods/5");
    expect(await screen.findByRole("switch", { name: "Inscripciones abiertas" })).toBeDisabled();
    // Pre-registrations left open there can still be closed, never opened again.
    expect(screen.getByRole("switch", { name: "Preinscripciones abiertas" })).toBeEnabled();
    expect(screen.getByText(/solo puede consultarse/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Editar" })).not.toBeInTheDocument();
  });

  it("enables the next period only after a secure confirmation naming both periods", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/periods/5" && init.method === "GET") return jsonResponse(200, { data: period() });
      if (url === "/api/enabled-period")
        return jsonResponse(200, {
          data: period({ id: 4, year: 2026, number: 2, name: "2026-2", enabled: true, state: "current" }),
        });
      if (url === "/api/periods/5" && init.method === "PATCH")
        return jsonResponse(200, { data: period({ enabled: true, state: "current" }) });
    });
    renderApp("/periods/5");
    const enable = await screen.findByRole("button", { name: "Activar período" });
    await waitFor(() => expect(enable).toBeEnabled());
    await userEvent.click(enable);
    const dialog = await screen.findByRole("dialog", { name: "Activar período" });
    expect(within(dialog).getByText(/activar el período 2030-1 en lugar del 2026-2/)).toBeInTheDocument();
    expect(within(dialog).getByText(/El 2026-2 pasará a ser un período anterior/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole("button", { name: "Confirmar" });
    expect(confirm).toBeDisabled();
    expect(bodies(fetch, "PATCH")).toEqual([]);
    const code = within(dialog).getByTestId("secure-action-code").textContent ?? "";
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Texto de confirmación" }), code);
    await userEvent.click(confirm);
    await waitFor(() => expect(bodies(fetch, "PATCH")).toEqual([["/api/periods/5", { enabled: true }]]));
  });

  it("offers no enabling for a period that is not the next one while another is current", async () => {
    loginAs(Role.admin);
    mockFetch((url) => {
      if (url === "/api/periods/5") return jsonResponse(200, { data: period({ state: "other" }) });
      if (url === "/api/enabled-period")
        return jsonResponse(200, {
          data: period({ id: 4, name: "2026-2", enabled: true, state: "current" }),
        });
    });
    renderApp("/periods/5");
    expect(
      await screen.findByText("Solo puede activarse el próximo período después del 2026-2."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Activar período" })).not.toBeInTheDocument();
  });

  it("offers to attach pensums up to the school's day before the start, not the machine's", async () => {
    // 22:00 at the school on the eve of the start, already the start day in UTC (the machine's zone here).
    const zone = process.env.TZ;
    process.env.TZ = "UTC";
    vi.setSystemTime(new Date("2030-02-04T02:00:00Z"));
    try {
      loginAs(Role.admin);
      mockFetch((url, init) => {
        if (url === "/api/periods/5" && init.method === "GET") return jsonResponse(200, { data: period() });
      });
      renderApp("/periods/5");
      expect(await screen.findByRole("button", { name: "Asignar pensum a Informática" })).toBeInTheDocument();
    } finally {
      process.env.TZ = zone;
    }
  });

  it("attaches a pensum chosen from the specialization's pensums", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/periods/5" && init.method === "GET") return jsonResponse(200, { data: period() });
      if (url.startsWith("/api/pensums?"))
        return jsonResponse(200, {
          data: [{ id: 8, name: "Pensum INF", version: 2 }],
          meta: { total: 1, per_page: 1, current_page: 1, last_page: 1 },
        });
      if (url === "/api/periods/5/pensums/8")
        return jsonResponse(200, {
          data: period({
            specializations: period().specializations.map((s) =>
              s.id === 2 ? { ...s, pensum: { id: 8, name: "Pensum INF", version: 2 } } : s,
            ),
          }),
        });
    });
    renderApp("/periods/5");
    await userEvent.click(await screen.findByRole("button", { name: "Asignar pensum a Informática" }));
    const dialog = await screen.findByRole("dialog", { name: "Pensum de Informática" });
    await userEvent.click(within(dialog).getByRole("combobox", { name: /Pensum/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Pensum INF (versión 2)" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Asignar pensum" }));
    expect(await screen.findByText("Pensum INF (versión 2)")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes("specialization_id=2"))).toBe(true);
    expect(bodies(fetch, "PUT").map(([url]) => url)).toEqual(["/api/periods/5/pensums/8"]);
  });
});

describe("period form", () => {
  it("sends the semester price × 100 and empty dates as null", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/periods" && init.method === "POST")
        return jsonResponse(201, { data: period({ id: 9 }) });
      if (url === "/api/periods/9") return jsonResponse(200, { data: period({ id: 9 }) });
    });
    const { router } = renderApp("/periods/make");
    const number = await screen.findByRole("textbox", { name: /^Número/ }, { timeout: 30_000 });
    fireEvent.change(number, { target: { value: "2" } });
    const price = screen.getByRole("textbox", { name: /Precio del semestre/ });
    await userEvent.clear(price);
    await userEvent.type(price, "150,25");
    fireEvent.change(screen.getByLabelText(/^Fecha de inicio/), { target: { value: "2031-02-03" } });
    fireEvent.change(screen.getByLabelText(/^Fecha de cierre/), { target: { value: "2031-05-30" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Director(a)" }), {
      target: { value: "Lcda. Ana" },
    });
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/periods/9"));
    const [[, body]] = bodies(fetch, "POST") as [[string, Record<string, unknown>]];
    expect(body).toMatchObject({
      year: 2026,
      number: 2,
      semester_price_e2: 15025,
      start_date: "2031-02-03",
      end_date: "2031-05-30",
      first_cut_start_date: null,
      approval_minimum_note: 10,
      responsibles: { principal: { name: "Lcda. Ana", title: null, identity_document: null }, signer: null },
    });
  }, 60_000);

  it("shows the Spanish messages of the shared schema before sending", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch(() => undefined);
    renderApp("/periods/make");
    await userEvent.click(await screen.findByRole("button", { name: "Guardar" }, { timeout: 30_000 }));
    expect(await screen.findByText("El campo fecha de inicio es obligatorio.")).toBeInTheDocument();
    expect(bodies(fetch, "POST")).toEqual([]);
  });
});

describe("period list", () => {
  const list = (rows: PeriodDetail[]) => ({
    data: rows,
    meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
  });

  it("asks Sí/No before deleting and shows why the server refused", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/periods?"))
        return jsonResponse(200, list([period(), period({ id: 4, name: "2029-2", state: "older" })]));
      if (url === "/api/periods/5" && init.method === "DELETE")
        return jsonResponse(400, {
          message: "period_has_dependents",
          description:
            "El período tiene secciones, inscripciones, cuotas o pagos asociados y no puede eliminarse.",
        });
    });
    renderApp("/periods");
    expect(await screen.findByRole("link", { name: "2030-1" }, { timeout: 30_000 })).toHaveAttribute(
      "href",
      "/periods/5",
    );
    // Older periods are read-only: no edit or delete.
    expect(screen.queryByRole("button", { name: "Eliminar el período 2029-2" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Eliminar el período 2030-1" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí" }));
    const dialog = await screen.findByRole("dialog", { name: "No se puede eliminar el período" });
    expect(within(dialog).getByText(/no puede eliminarse/)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(1);
  }, 60_000);

  it("offers no writes to a low admin", async () => {
    loginAs(Role.lowAdmin);
    mockFetch((url) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, list([period()]));
    });
    renderApp("/periods");
    expect(await screen.findByRole("link", { name: "2030-1" }, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Crear período" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Editar/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
  }, 60_000);
});
