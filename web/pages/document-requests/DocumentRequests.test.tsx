import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { DocumentRequest } from "../../api/document-requests";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const request = (id: number, overrides: Partial<DocumentRequest> = {}): DocumentRequest => ({
  id,
  student_id: 7,
  type_id: 2,
  period_id: 3,
  status: "pending",
  observation: null,
  generated_at: null,
  retired_at: null,
  canceled_at: null,
  created_at: "2026-11-20T14:00:00.000Z",
  student: { id: 7, first_name: "Elena", last_name: "Chacón", identity_document: "V-32111653" },
  type: { id: 2, name: "Constancia de notas", color: null, text_color: null },
  period: { id: 3, year: 2026, number: 2 },
  document: null,
  ...overrides,
});
const list = (rows: DocumentRequest[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});
const types = {
  data: [
    {
      id: 1,
      name: "Constancia de estudios",
      description: null,
      enabled: true,
      color: null,
      text_color: null,
      generatable: true,
    },
    {
      id: 2,
      name: "Constancia de notas",
      description: null,
      enabled: true,
      color: null,
      text_color: null,
      generatable: true,
    },
    {
      id: 4,
      name: "Carta de recomendación de egresado",
      description: null,
      enabled: false,
      color: null,
      text_color: null,
      generatable: true,
    },
  ],
  meta: { total: 3, per_page: 3, current_page: 1, last_page: 1 },
};

describe("document requests, as a student", () => {
  it("lists their requests with state badges and the download of a generated one", async () => {
    loginAs(Role.student);
    mockFetch((url) => {
      if (url.startsWith("/api/document-requests?"))
        return jsonResponse(
          200,
          list([
            request(2, {
              status: "generated",
              document: {
                code: "ABCDE12345",
                issued_at: "2026-11-21T10:00:00.000Z",
                revoked_at: null,
                verify_url: "http://x/verify/ABCDE12345",
              },
            }),
            request(1, {
              type_id: 1,
              type: { id: 1, name: "Constancia de estudios", color: null, text_color: null },
            }),
          ]),
        );
      return undefined;
    });
    renderApp("/document-requests");
    await screen.findByText("ABCDE12345");
    const [generated, pending] = screen.getAllByRole("row").slice(1);
    expect(generated).toHaveTextContent(/#2.*Constancia de notas.*2026-2.*Generada.*ABCDE12345/);
    expect(
      within(generated!).getByRole("button", { name: "Descargar el documento de la solicitud 2" }),
    ).toBeInTheDocument();
    expect(pending).toHaveTextContent(/Constancia de estudios.*Pendiente/);
    expect(within(pending!).queryByRole("button", { name: /Descargar/ })).not.toBeInTheDocument();
    // No staff actions for a student.
    expect(screen.queryByRole("button", { name: /^Generar/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ABCDE12345" })).toHaveAttribute("href", "/verify/ABCDE12345");
  });

  it("asks for a document: the type is required, a disabled type cannot be chosen, the request is sent for themself", async () => {
    loginAs(Role.student);
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.startsWith("/api/document-requests?")) return jsonResponse(200, list([]));
      if (url.startsWith("/api/document-request-types")) return jsonResponse(200, types);
      if (url === "/api/document-requests" && init.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { data: request(9) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/document-requests");
    await user.click(await screen.findByRole("button", { name: "Solicitar documento" }));
    const dialog = await screen.findByRole("dialog", { name: "Solicitar documento" });
    await user.click(within(dialog).getByRole("button", { name: "Enviar solicitud" }));
    expect(await within(dialog).findByText("Elija el documento que necesita.")).toBeInTheDocument();
    expect(posted).toEqual([]);
    expect(within(dialog).getByRole("radio", { name: "Carta de recomendación de egresado" })).toBeDisabled();
    // A student does not choose a student.
    expect(within(dialog).queryByRole("textbox", { name: /Estudiante/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("radio", { name: "Constancia de notas" }));
    await user.type(within(dialog).getByRole("textbox", { name: /Observación/ }), "Para la universidad");
    await user.click(within(dialog).getByRole("button", { name: "Enviar solicitud" }));
    await waitFor(() => expect(posted).toEqual([{ type_id: 2, observation: "Para la universidad" }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("the graduate letter", () => {
  it("tells a student who has not approved their pensum why, before they send anything", async () => {
    loginAs(Role.student);
    const posted: unknown[] = [];
    const reason =
      "La carta de recomendación de egresado es solo para quien aprobó todas las materias de su pensum: falta por aprobar 1 materia (MET-101 Metodología).";
    mockFetch((url, init) => {
      if (url.startsWith("/api/document-requests?")) return jsonResponse(200, list([]));
      if (url.startsWith("/api/document-request-types"))
        return jsonResponse(200, { ...types, data: types.data.map((x) => ({ ...x, enabled: true })) });
      if (url.startsWith("/api/document-requests/letter-eligibility"))
        return jsonResponse(200, {
          data: { eligible: false, missing: [{ code: "MET-101", title: "Metodología" }], reason },
        });
      if (url === "/api/document-requests" && init.method === "POST") posted.push(init.body);
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/document-requests");
    await user.click(await screen.findByRole("button", { name: "Solicitar documento" }));
    const dialog = await screen.findByRole("dialog", { name: "Solicitar documento" });
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(within(dialog).getByText("La carta de egresado no está disponible")).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: "Carta de recomendación de egresado" })).toBeDisabled();
    expect(within(dialog).getByRole("radio", { name: "Constancia de notas" })).toBeEnabled();
    expect(posted).toEqual([]);
  });
});

describe("document requests, as staff", () => {
  it("generates a pending request after a question: the generation call of its type, then set-generated", async () => {
    loginAs(Role.lowAdmin);
    const calls: string[] = [];
    mockFetch((url, init) => {
      if (url.startsWith("/api/document-requests?")) return jsonResponse(200, list([request(5)]));
      if (url.startsWith("/api/document-requests/5/")) {
        calls.push(`${init.method ?? "GET"} ${url}`);
        return jsonResponse(200, { data: request(5, { status: "generated" }) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/document-requests");
    await user.click(await screen.findByRole("button", { name: "Generar el documento de la solicitud 5" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Se generará la Constancia de notas de Elena Chacón");
    await user.click(within(dialog).getByRole("button", { name: "Sí" }));
    await waitFor(() =>
      expect(calls).toEqual([
        "GET /api/document-requests/5/generate-certificateNote",
        "PATCH /api/document-requests/5/set-generated",
      ]),
    );
    expect(screen.getByRole("button", { name: "Más acciones de la solicitud 5" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
  });

  it("keeps Cancelar away from Generar, behind 'Más acciones', and asks naming the request", async () => {
    loginAs(Role.admin);
    const calls: string[] = [];
    mockFetch((url, init) => {
      if (url.startsWith("/api/document-requests?")) return jsonResponse(200, list([request(5)]));
      if (url.startsWith("/api/document-requests/5/")) {
        calls.push(`${init.method ?? "GET"} ${url}`);
        return jsonResponse(200, { data: request(5, { status: "canceled" }) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/document-requests");
    const generate = await screen.findByRole("button", { name: "Generar el documento de la solicitud 5" });
    const cell = generate.closest("td")!;
    // No cancel button beside Generar: one slip cannot cancel.
    expect(
      within(cell)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Generar el documento de la solicitud 5", "Más acciones de la solicitud 5"]);

    await user.click(within(cell).getByRole("button", { name: "Más acciones de la solicitud 5" }));
    await user.click(await screen.findByRole("menuitem", { name: "Cancelar la solicitud 5" }));
    const question = await screen.findByRole("dialog", { name: "¿Cancelar la solicitud #5?" });
    expect(question).toHaveTextContent("Se cancelará la solicitud #5: Constancia de notas de Elena Chacón.");
    await user.click(within(question).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    await user.click(within(cell).getByRole("button", { name: "Más acciones de la solicitud 5" }));
    await user.click(await screen.findByRole("menuitem", { name: "Cancelar la solicitud 5" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "¿Cancelar la solicitud #5?" })).getByRole("button", {
        name: "Sí",
      }),
    );
    await waitFor(() => expect(calls).toEqual(["PATCH /api/document-requests/5/set-canceled"]));
  });
});
