import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { FinalDelivery, FinalDeliveryStudent } from "../../api/final-deliveries";
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

const delivery = (id: number, overrides: Partial<FinalDelivery> = {}): FinalDelivery => ({
  id,
  code: `EF-${id}`,
  title: "Proyecto de grado",
  description: null,
  delivery_at: "2026-11-23T14:00:00.000Z",
  delivery_at_local: "2026-11-23T10:00",
  final_delivery_value_percent: 20,
  scheduled_content: "Presentación",
  scheduled_content_resource: null,
  course_section_id: 4,
  course: { id: 2, code: "PIN-202", title: "Proyecto Informático" },
  section: { id: 3, code: "INF-2A", period_id: 1 },
  jury: [
    { id: 10, first_name: "Ana María", last_name: "Pérez" },
    { id: 11, first_name: "Luis", last_name: "Díaz" },
  ],
  students_count: 1,
  jury_can_modify: true,
  closed: false,
  ...overrides,
});
const student: FinalDeliveryStudent = {
  id: 30,
  first_name: "Rosa",
  last_name: "Mora",
  identity_document: "V-300",
  notes: [{ teacher_id: 11, note: 17 }],
  average: 17,
};
const listAnswer = (rows: FinalDelivery[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});
const calls = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url, body: init?.body }));

describe("final deliveries list", () => {
  it("a student sees their deliveries with Ver and the CSV export, nothing to write", async () => {
    loginAs(Role.student);
    mockFetch((url) =>
      url.startsWith("/api/final-deliveries?") ? jsonResponse(200, listAnswer([delivery(1)])) : undefined,
    );
    renderApp("/final-deliveries");
    expect(await screen.findByText("EF-1")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Ver/ })).toHaveAttribute("href", "/final-deliveries/1");
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Crear entrega final/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Eliminar/ })).not.toBeInTheDocument();
  });

  it("a coordinator deletes only after saying Sí", async () => {
    loginAs(Role.coordinator);
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/final-deliveries?")) return jsonResponse(200, listAnswer([delivery(2)]));
      if (url === "/api/final-deliveries/2" && init.method === "DELETE")
        return new Response(null, { status: 204 });
    });
    renderApp("/final-deliveries");
    await userEvent.click(await screen.findByRole("button", { name: /Eliminar/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("¿Desea eliminar la entrega final EF-2?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "No" }));
    expect(calls(fetch, "DELETE")).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: /Eliminar/ }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(calls(fetch, "DELETE")).toHaveLength(1));
  });
});

describe("final delivery form", () => {
  it("refuses an empty form in Spanish and sends nothing", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/course-sections") ? jsonResponse(200, listAnswer([])) : undefined,
    );
    renderApp("/final-deliveries/create");
    await userEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El campo código es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo materia de la sección es obligatorio.")).toBeInTheDocument();
    expect(calls(fetch, "POST")).toEqual([]);
  });
});

describe("grading", () => {
  it("a jury member grades their own column; the others' notes are read-only", async () => {
    // makeUser's teacher is id 10: the first jury member.
    loginAs(Role.teacher);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/final-deliveries/5") return jsonResponse(200, { data: delivery(5) });
      if (url === "/api/final-deliveries/5/students") return jsonResponse(200, { data: [student] });
      if (url === "/api/final-deliveries/5/teachers/10/students/30" && init.method === "PATCH")
        return jsonResponse(200, {
          data: [{ ...student, notes: [...student.notes, { teacher_id: 10, note: 15.5 }] }],
        });
    });
    renderApp("/final-deliveries/5");
    const input = await screen.findByRole("textbox", { name: "Nota de Rosa Mora" });
    // The other member's note and the average.
    expect(screen.getAllByText("17")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /Agregar al jurado/ })).not.toBeInTheDocument();
    await userEvent.type(input, "15.5");
    await userEvent.click(screen.getByRole("button", { name: "Guardar la nota de Rosa Mora" }));
    await waitFor(() => expect(calls(fetch, "PATCH")).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, "PATCH")[0]!.body))).toEqual({ note: 15.5 });
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ message: "Se ha registrado la nota con éxito" }),
      ),
    );
  });

  it("after 24 hours the jury is closed: a notice, and nothing can be graded", async () => {
    loginAs(Role.teacher);
    mockFetch((url) => {
      if (url === "/api/final-deliveries/6")
        return jsonResponse(200, { data: delivery(6, { jury_can_modify: false }) });
      if (url === "/api/final-deliveries/6/students") return jsonResponse(200, { data: [student] });
    });
    renderApp("/final-deliveries/6");
    expect(await screen.findByText(/pasaron 24 horas/)).toBeInTheDocument();
    expect(await screen.findByRole("textbox", { name: "Nota de Rosa Mora" })).toBeDisabled();
  });

  it("a closed delivery offers an admin no edit nor delete, and says why", async () => {
    loginAs(Role.admin);
    const closed = delivery(7, { jury_can_modify: false, closed: true });
    mockFetch((url) => {
      if (url === "/api/final-deliveries/7") return jsonResponse(200, { data: closed });
      if (url === "/api/final-deliveries/7/students") return jsonResponse(200, { data: [student] });
      if (url.startsWith("/api/final-deliveries?"))
        return jsonResponse(200, listAnswer([closed, delivery(8)]));
    });
    renderApp("/final-deliveries/7");
    expect(await screen.findByText("Entrega cerrada")).toBeInTheDocument();
    expect(screen.getByText(/nadie puede cambiar la entrega, su jurado ni sus notas/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Editar/ })).not.toBeInTheDocument();
  });

  it("the list marks a closed delivery and keeps Editar and Eliminar for the open one only", async () => {
    loginAs(Role.admin);
    mockFetch((url) =>
      url.startsWith("/api/final-deliveries?")
        ? jsonResponse(200, listAnswer([delivery(7, { jury_can_modify: false, closed: true }), delivery(8)]))
        : undefined,
    );
    renderApp("/final-deliveries");
    expect(await screen.findByText("EF-7")).toBeInTheDocument();
    expect(screen.getByText("Cerrada")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /Editar/ })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: /Eliminar/ })).toHaveLength(1);
  });

  it("the edit page of a closed delivery shows why instead of a form", async () => {
    loginAs(Role.admin);
    mockFetch((url) =>
      url === "/api/final-deliveries/7"
        ? jsonResponse(200, { data: delivery(7, { jury_can_modify: false, closed: true }) })
        : undefined,
    );
    renderApp("/final-deliveries/update/7");
    expect(await screen.findByText("Entrega cerrada")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Guardar/ })).not.toBeInTheDocument();
  });
});
