import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const facts = {
  code: "ABCDE12345",
  kind: 2,
  kind_name: "Constancia de notas",
  institution: "Instituto Aula",
  student_name: "Elena Chacón",
  identity_document: "V-32•••653",
  specialization: "Informática",
  period: "2026-2",
  issued_at: "2026-11-21T10:00:00.000Z",
  revoked: false,
  revoked_at: null,
  revoked_reason: null,
};

describe("public verification page", () => {
  it("shows what was issued to whom without logging in, and checks an uploaded file", async () => {
    const calls: { url: string; auth: string | null; method: string }[] = [];
    mockFetch((url, init) => {
      calls.push({ url, auth: new Headers(init.headers).get("authorization"), method: init.method ?? "GET" });
      if (url === "/api/verify/ABCDE12345" && (init.method ?? "GET") === "GET")
        return jsonResponse(200, { data: facts });
      if (url === "/api/verify/ABCDE12345" && init.method === "POST") {
        expect(init.body).toBeInstanceOf(FormData);
        return jsonResponse(200, { data: { ...facts, matches: false } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/verify/ABCDE12345");
    expect(await screen.findByText("Documento válido")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Elena Chacón" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "V-32•••653" })).toBeInTheDocument();
    // 10:00 UTC is 06:00 at the school, on a 24-hour clock.
    expect(screen.getByRole("cell", { name: "21/11/2026 06:00" })).toBeInTheDocument();
    expect(calls[0]!.auth).toBeNull();
    const button = screen.getByRole("button", { name: "Comprobar el archivo" });
    expect(button).toBeDisabled();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(["%PDF-1.3 editado"], "constancia.pdf", { type: "application/pdf" }));
    await user.click(button);
    expect(await screen.findByText(/El archivo no es el documento emitido/)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  });

  it("says so for a revoked document, also to a logged-in user", async () => {
    loginAs(Role.admin);
    mockFetch((url) =>
      url === "/api/verify/ABCDE12345"
        ? jsonResponse(200, {
            data: {
              ...facts,
              revoked: true,
              revoked_at: "2026-11-22T10:00:00.000Z",
              revoked_reason: "La solicitud fue cancelada.",
            },
          })
        : undefined,
    );
    renderApp("/verify/ABCDE12345");
    expect(await screen.findByText("Documento revocado")).toBeInTheDocument();
    expect(screen.getByText(/La solicitud fue cancelada\./)).toBeInTheDocument();
  });

  it("an unknown code: the server's Spanish description", async () => {
    mockFetch((url) =>
      url === "/api/verify/ZZZZZZZZZZ"
        ? jsonResponse(404, {
            message: "verification_code_not_found",
            description:
              "No existe un documento emitido con ese código de verificación. Revise el código impreso en el documento.",
          })
        : undefined,
    );
    renderApp("/verify/ZZZZZZZZZZ");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "No existe un documento emitido con ese código",
    );
  });
});
