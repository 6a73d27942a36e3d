import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch, renderApp, resetAppState, shownNotifications } from "../../test/render";
import { userEvent } from "../../test/user-event";

// Forms with many fields: slow to render on a busy machine (not a speed assertion).
vi.setConfig({ testTimeout: 45_000 });

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const formAnswer = {
  data: {
    period: { id: 3, year: 2027, number: 1 },
    specializations: [
      { id: 1, title: "Ciclo Básico", code: "CB" },
      { id: 2, title: "Informática", code: "INF" },
    ],
  },
};

/** The form's data from GET /preregistered-students/form, and `post` for the POST. */
function serve(post?: (body: Record<string, unknown>) => Response) {
  return mockFetch((url, init) => {
    if (url === "/api/preregistered-students/form") return jsonResponse(200, formAnswer);
    if (url === "/api/preregistered-students" && init.method === "POST" && post) {
      return post(JSON.parse(String(init.body)));
    }
  });
}

/** Types into a field at once (typing key by key is slow on a busy machine). */
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function fillForm() {
  fill(await screen.findByRole("textbox", { name: /^Nombres/ }), "María José");
  fill(screen.getByRole("textbox", { name: /^Apellidos/ }), "Gutiérrez");
  fill(screen.getByRole("textbox", { name: /^Cédula/ }), "V-30111222");
  fill(screen.getByLabelText(/^Fecha de nacimiento/), "2008-05-14");
  await userEvent.click(screen.getByRole("radio", { name: "Femenino" }));
  fill(screen.getByRole("textbox", { name: /^Correo electrónico/ }), "maria@correo.test");
  await userEvent.click(screen.getByRole("combobox", { name: /^Especialidad deseada/ }));
  await userEvent.click(await screen.findByRole("option", { name: "Informática" }));
}

describe("/preinscription (public form)", () => {
  it("says clearly that pre-inscriptions are closed, with no error notice (silent code)", async () => {
    mockFetch((url) =>
      url === "/api/preregistered-students/form"
        ? jsonResponse(400, {
            message: "unable_to_find_enabled_preregisters_period",
            description: "No hay un período con preinscripciones abiertas.",
          })
        : undefined,
    );
    renderApp("/preinscription");
    expect(await screen.findByRole("heading", { name: "Preinscripciones cerradas" })).toBeInTheDocument();
    expect(screen.getByText(/no hay preinscripciones abiertas/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver al inicio de sesión" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("button", { name: "Enviar preinscripción" })).not.toBeInTheDocument();
    expect(shownNotifications()).toEqual([]);
  });

  it("sends the form without a session; social networks go as empty strings; shows the answer", async () => {
    let sent: Record<string, unknown> | undefined;
    const fetch = serve((body) => {
      sent = body;
      return jsonResponse(201, {
        message: "preregistration_received",
        description: "Su preinscripción fue recibida. La administración la revisará.",
      });
    });
    renderApp("/preinscription");
    expect(await screen.findByText(/en el período 2027-1/)).toBeInTheDocument();
    await fillForm();
    await userEvent.click(screen.getByRole("button", { name: "Enviar preinscripción" }));
    expect(await screen.findByRole("heading", { name: "Preinscripción enviada" })).toBeInTheDocument();
    expect(screen.getByText(/Su preinscripción fue recibida/)).toBeInTheDocument();
    expect(sent).toEqual({
      first_name: "María José",
      last_name: "Gutiérrez",
      identity_document: "V-30111222",
      email: "maria@correo.test",
      phone: null,
      birth_date: "2008-05-14",
      gender: "female",
      address: null,
      specialization_id: 2,
      social_networks: { instagrams: "", facebook: "", twitter: "" },
    });
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post![1]!.headers).not.toHaveProperty("Authorization");
  });

  it("checks the fields before sending, with the server's Spanish messages", async () => {
    const fetch = serve(() => jsonResponse(500, {}));
    renderApp("/preinscription");
    await userEvent.click(await screen.findByRole("button", { name: "Enviar preinscripción" }));
    expect(await screen.findByText("El campo nombre es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo apellido es obligatorio.")).toBeInTheDocument();
    fill(screen.getByLabelText(/^Fecha de nacimiento/), "2999-01-01");
    await userEvent.click(screen.getByRole("button", { name: "Enviar preinscripción" }));
    expect(
      await screen.findByText("El campo fecha de nacimiento debe ser una fecha anterior a hoy."),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("shows a duplicate refused by the server under its field", async () => {
    serve(() =>
      jsonResponse(422, {
        message: "validation_failed",
        errors: { identity_document: ["Ya existe una preinscripción con esta cédula en este período."] },
      }),
    );
    renderApp("/preinscription");
    await fillForm();
    await userEvent.click(screen.getByRole("button", { name: "Enviar preinscripción" }));
    expect(
      await screen.findByText("Ya existe una preinscripción con esta cédula en este período."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Preinscripción enviada" })).not.toBeInTheDocument();
  });

  it("switches to the closed page when the period closes while the form is filled in", async () => {
    serve(() => jsonResponse(400, { message: "unable_to_find_enabled_preregisters_period" }));
    renderApp("/preinscription");
    await fillForm();
    await userEvent.click(screen.getByRole("button", { name: "Enviar preinscripción" }));
    expect(await screen.findByRole("heading", { name: "Preinscripciones cerradas" })).toBeInTheDocument();
  });

  it("keeps the honeypot out of the accessible page and the tab order", async () => {
    serve();
    const { container } = renderApp("/preinscription");
    await screen.findByRole("button", { name: "Enviar preinscripción" });
    expect(screen.queryByRole("textbox", { name: "Deje este campo vacío" })).not.toBeInTheDocument();
    const bait = container.querySelector('input[name="website"]');
    expect(bait).toHaveAttribute("tabindex", "-1");
    expect(bait!.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it("is linked from the login page", async () => {
    serve();
    const { router } = renderApp("/");
    await userEvent.click(await screen.findByRole("link", { name: "Preinscripción" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/preinscription"));
    expect(await screen.findByRole("heading", { name: "Preinscripción" })).toBeInTheDocument();
  });
});
