import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { AuditEntry } from "../../api/audit";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  created_at: "2026-11-23T13:05:09.000Z",
  actor_id: 7,
  actor_email: "directora@colegio.test",
  actor_name: "Marta Directora",
  action: "user.email_changed",
  entity_type: "user",
  entity_id: 12,
  old_values: { email: "antes@colegio.test" },
  new_values: { email: "despues@colegio.test" },
  ip_address: "198.51.100.23",
  ...overrides,
});

const rowsOf = [
  entry(3),
  entry(2, {
    actor_id: null,
    actor_email: null,
    actor_name: null,
    action: "user.password_reset_requested",
    old_values: null,
    new_values: null,
  }),
  entry(1, { action: "user.role_changed", old_values: { type: 2 }, new_values: { type: 3 } }),
];

const answer = (data: AuditEntry[], total = data.length) => ({
  data,
  meta: { total, per_page: 10, current_page: 1, last_page: Math.max(1, Math.ceil(total / 10)) },
});
const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);
const auditCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/audit-log?"));
const tableRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("audit log page", () => {
  it("lists the rows with Spanish action names, the author or 'Sistema', and the breadcrumb", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/audit-log?") ? jsonResponse(200, answer(rowsOf)) : undefined,
    );
    renderApp("/audit-log");
    expect(await screen.findByRole("heading", { name: "Registro de auditoría" })).toBeInTheDocument();
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    const [first, second, third] = tableRows();
    expect(first).toHaveTextContent(
      /Marta Directora · directora@colegio\.test.*Correo electrónico cambiado.*Usuario #12.*198\.51\.100\.23/,
    );
    expect(second).toHaveTextContent(/Sistema \(sin sesión\).*Recuperación de contraseña solicitada/);
    expect(third).toHaveTextContent("Rol cambiado");
    const trail = screen.getByRole("navigation", { name: "Ruta de navegación" });
    expect(within(trail).getByText("Registro de auditoría")).toBeInTheDocument();
    expect(queryOf(auditCalls(fetch)[0]!)).toEqual({ page: "1", limit: "10" });
  });

  it("shows a row's old and new values in its details; an event without values says so", async () => {
    loginAs(Role.god);
    mockFetch((url) => (url.startsWith("/api/audit-log?") ? jsonResponse(200, answer(rowsOf)) : undefined));
    renderApp("/audit-log");
    await waitFor(() => expect(tableRows()).toHaveLength(3));

    await userEvent.click(
      within(tableRows()[0]!).getByRole("button", { name: "Ver detalles del registro 3" }),
    );
    let dialog = await screen.findByRole("dialog", { name: "Detalle del registro de auditoría" });
    const changes = within(dialog).getByRole("table", { name: "Cambios" });
    expect(within(changes).getAllByRole("row")[1]).toHaveTextContent(
      /Correo electrónico.*antes@colegio\.test.*despues@colegio\.test/,
    );
    expect(dialog).toHaveTextContent("198.51.100.23");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(
      within(tableRows()[2]!).getByRole("button", { name: "Ver detalles del registro 1" }),
    );
    dialog = await screen.findByRole("dialog", { name: "Detalle del registro de auditoría" });
    expect(within(dialog).getByRole("table", { name: "Cambios" })).toHaveTextContent(
      /Rol.*Profesor.*Coordinador/,
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Cerrar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(
      within(tableRows()[1]!).getByRole("button", { name: "Ver detalles del registro 2" }),
    );
    dialog = await screen.findByRole("dialog", { name: "Detalle del registro de auditoría" });
    expect(dialog).toHaveTextContent("Solo se registra que ocurrió");
  });

  it("puts the filters in the URL and in the request, back to page 1; 'Limpiar filtros' removes them", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/audit-log?") ? jsonResponse(200, answer(rowsOf, 30)) : undefined,
    );
    const { router } = renderApp("/audit-log?page=2&limit=10");
    await waitFor(() => expect(tableRows()).toHaveLength(3));

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Acción" }), "Contraseña cambiada");
    await waitFor(() => expect(router.state.location.search).toContain("action=user.password_changed"));
    await waitFor(() =>
      expect(queryOf(auditCalls(fetch).at(-1)!)).toEqual({
        page: "1",
        limit: "10",
        action: "user.password_changed",
      }),
    );

    await userEvent.type(screen.getByLabelText("Id del registro"), "12x");
    fireEvent.change(screen.getByLabelText("Desde"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("Hasta"), { target: { value: "2026-11-30" } });
    await waitFor(() =>
      expect(queryOf(auditCalls(fetch).at(-1)!)).toEqual({
        page: "1",
        limit: "10",
        action: "user.password_changed",
        entity_id: "12",
        from: "2026-11-01",
        to: "2026-11-30",
      }),
    );

    await userEvent.click(screen.getByRole("button", { name: "Limpiar filtros" }));
    await waitFor(() => expect(queryOf(auditCalls(fetch).at(-1)!)).toEqual({ page: "1", limit: "10" }));
    expect(router.state.location.search).not.toContain("action=");
  });

  it("filters by person (e-mail or name) and names logins, note changes and student edits", async () => {
    loginAs(Role.admin);
    const events = [
      entry(6, { action: "auth.login_failed", actor_id: null, actor_email: null, actor_name: null }),
      entry(5, { action: "note.changed", entity_type: "student", entity_id: 40 }),
      entry(4, { action: "student.updated", entity_type: "student", entity_id: 40 }),
    ];
    const fetch = mockFetch((url) =>
      url.startsWith("/api/audit-log?") ? jsonResponse(200, answer(events)) : undefined,
    );
    const { router } = renderApp("/audit-log");
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    const [failed, note, student] = tableRows();
    expect(failed).toHaveTextContent(/Sistema \(sin sesión\).*Intento de inicio de sesión fallido/);
    expect(note).toHaveTextContent(/Nota cambiada.*Estudiante #40/);
    expect(student).toHaveTextContent("Ficha del estudiante cambiada");
    expect(screen.getByRole("option", { name: "Inicio de sesión" })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Persona"), "rosa");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Acción" }), "Inicio de sesión");
    await waitFor(() => expect(router.state.location.search).toContain("person=rosa"));
    await waitFor(() =>
      expect(queryOf(auditCalls(fetch).at(-1)!)).toEqual({
        page: "1",
        limit: "10",
        person: "rosa",
        action: "auth.login",
      }),
    );
  });

  it("is reached from the user menu by administrators only", async () => {
    loginAs(Role.admin);
    mockFetch((url) => (url.startsWith("/api/audit-log?") ? jsonResponse(200, answer([])) : undefined));
    const { router } = renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Menú de usuario" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Registro de auditoría" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/audit-log"));
    expect(await screen.findByText("No hay resultados encontrados")).toBeInTheDocument();
  });

  it("stays closed to an assistant: no menu item, and the route shows 'Acceso denegado'", async () => {
    loginAs(Role.lowAdmin);
    const fetch = mockFetch();
    const { router } = renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Menú de usuario" }));
    expect(await screen.findByRole("menuitem", { name: "Perfil" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Registro de auditoría" })).not.toBeInTheDocument();

    await router.navigate("/audit-log");
    expect(await screen.findByRole("dialog", { name: "Acceso denegado" })).toBeInTheDocument();
    expect(auditCalls(fetch)).toEqual([]);
  });
});
