import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { Binnacle } from "../../api/binnacles";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const binnacle = (id: number, overrides: Partial<Binnacle> = {}): Binnacle => ({
  id,
  incidence_date: "2026-10-05",
  subject: `Asunto ${id}`,
  description: "Llegó tarde",
  category: "Conducta",
  student: { id: 7, first_name: "Luis", last_name: "Rojas", identity_document: "V-123" },
  student_id: 7,
  course_section_id: null,
  course: null,
  section: null,
  period_id: 1,
  author: { id: 1, name: "Carlos Administrador" },
  created_at: "2026-10-05T12:00:00.000Z",
  ...overrides,
});
const listAnswer = (rows: Binnacle[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});
const bodies = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url, body: init?.body }));

describe("binnacles list", () => {
  it("a student sees the entries and the CSV export, and no create or edit", async () => {
    loginAs(Role.student);
    mockFetch((url) =>
      url.startsWith("/api/binnacles?") ? jsonResponse(200, listAnswer([binnacle(1)])) : undefined,
    );
    renderApp("/binnacles");
    expect(await screen.findByText("Asunto 1")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Bitácoras" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Crear bitácora/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Eliminar/ })).not.toBeInTheDocument();
  });

  it("a teacher deletes an entry only after saying Sí", async () => {
    loginAs(Role.teacher);
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/binnacles?")) return jsonResponse(200, listAnswer([binnacle(3)]));
      if (url === "/api/binnacles/3" && init.method === "DELETE") return new Response(null, { status: 204 });
    });
    renderApp("/binnacles");
    expect(await screen.findByRole("link", { name: /Crear bitácora/ })).toHaveAttribute(
      "href",
      "/binnacles/create",
    );
    await userEvent.click(await screen.findByRole("button", { name: /Eliminar/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/¿Desea eliminar la bitácora «Asunto 3»\?/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "No" }));
    expect(bodies(fetch, "DELETE")).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: /Eliminar/ }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(bodies(fetch, "DELETE")).toHaveLength(1));
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ message: "Se ha eliminado la bitácora con éxito" }),
      ),
    );
  });
});

describe("binnacle form", () => {
  it("refuses an empty form with Spanish messages and sends nothing", async () => {
    loginAs(Role.coordinator);
    const fetch = mockFetch(() => undefined);
    renderApp("/binnacles/create");
    await userEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El campo asunto es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo estudiante es obligatorio.")).toBeInTheDocument();
    expect(bodies(fetch, "POST")).toEqual([]);
  });

  it("edits an entry: the student stays, an emptied field is cleared", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/binnacles/5" && init.method === "PATCH")
        return jsonResponse(200, { data: binnacle(5, { category: null }) });
      if (url === "/api/binnacles/5") return jsonResponse(200, { data: binnacle(5) });
      if (url.startsWith("/api/students/7/courses")) return jsonResponse(200, { data: [] });
      if (url.startsWith("/api/binnacles?")) return jsonResponse(200, listAnswer([]));
    });
    const { router } = renderApp("/binnacles/5/edit");
    expect(await screen.findByDisplayValue("Rojas, Luis — V-123")).toHaveAttribute("readonly");
    const category = screen.getByLabelText(/Categoría/);
    await userEvent.clear(category);
    const subject = screen.getByLabelText(/Asunto/);
    await userEvent.clear(subject);
    await userEvent.type(subject, "Nuevo asunto");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/binnacles"));
    const [patch] = bodies(fetch, "PATCH");
    expect(JSON.parse(String(patch!.body))).toEqual({
      course_section_id: null,
      incidence_date: "2026-10-05",
      subject: "Nuevo asunto",
      category: null,
      description: "Llegó tarde",
    });
  });
});
