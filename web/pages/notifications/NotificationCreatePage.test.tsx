import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { composeBody } from "../../api/notification-compose";
import { flush, jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const audiences = (types: number[]) =>
  jsonResponse(200, {
    data: {
      types,
      sections: [{ id: 3, code: "CB-S1A", students: 24 }],
      course_sections: [{ id: 11, section_code: "CB-S1A", course_name: "Matemática I", students: 22 }],
    },
  });

/** The audience select, once the audiences have loaded (it is disabled until then). */
async function audienceSelect() {
  const select = await screen.findByRole("combobox", { name: /^Audiencia/ });
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}

describe("/notifications/create", () => {
  it("offers a teacher only their audiences and sends a section's message without null or empty fields", async () => {
    loginAs(Role.teacher);
    let sent: unknown;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/notifications/audiences") return audiences([7, 8, 9]);
      if (url === "/api/notifications" && init.method === "POST") {
        sent = JSON.parse(String(init.body));
        return jsonResponse(201, { data: { id: 40, receivers: 24 } });
      }
    });
    const { router } = renderApp("/notifications/create");
    await userEvent.click(await audienceSelect());
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual(["Envía a:", "Estudiantes de una sección", "Estudiantes de una materia/sección"]);
    await userEvent.click(screen.getByRole("option", { name: "Estudiantes de una sección" }));
    expect(screen.getByTestId("receiver-text")).toHaveTextContent("los estudiantes inscritos en la sección");
    await userEvent.click(screen.getByRole("combobox", { name: /^Estudiantes de una sección/ }));
    await userEvent.click(await screen.findByRole("option", { name: "CB-S1A (24 estudiantes)" }));
    await userEvent.type(screen.getByRole("textbox", { name: /^Mensaje/ }), "Mañana salimos temprano");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(sent).toEqual({ type: 8, content: "Mañana salimos temprano", section_id: 3 }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/notifications"));
    expect(fetch.mock.calls.some(([url]) => url === "/api/notifications/receivers")).toBe(false);
  });

  it("asks before sending to everyone, and sends nothing when the admin says no", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url === "/api/notifications/audiences" ? audiences([1, 2, 3, 4, 5, 7, 8, 9]) : undefined,
    );
    renderApp("/notifications/create");
    await userEvent.click(await audienceSelect());
    await userEvent.click(await screen.findByRole("option", { name: "Enviar a todos" }));
    expect(screen.getByTestId("receiver-text")).toHaveTextContent("Receptores: todos");
    await userEvent.type(screen.getByRole("textbox", { name: /^Mensaje/ }), "Aviso general");
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText(/Se enviará a muchas personas \(Enviar a todos\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "No" }));
    // The question has closed and its answer has been acted on.
    await waitFor(() => expect(screen.queryByText(/Se enviará a muchas personas/)).not.toBeInTheDocument());
    await flush();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("sends students away from the compose page", async () => {
    loginAs(Role.student);
    mockFetch();
    const { router } = renderApp("/notifications/create");
    await waitFor(() => expect(router.state.location.pathname).toBe("/access-denied"));
  });
});

describe("composeBody", () => {
  it("drops null and empty fields, and receiver_user_id unless the type is 7", () => {
    expect(composeBody({ type: 1, content: "Hola", receiver_user_id: 5, section_id: null })).toEqual({
      type: 1,
      content: "Hola",
    });
    expect(composeBody({ type: 7, content: "Hola", receiver_user_id: 5, course_section_id: 2 })).toEqual({
      type: 7,
      content: "Hola",
      receiver_user_id: 5,
    });
    const form = composeBody({
      type: 9,
      content: "Con archivo",
      course_section_id: 2,
      attachment: new File(["%PDF-"], "a.pdf"),
    });
    expect(form).toBeInstanceOf(FormData);
    expect([...(form as FormData).keys()]).toEqual(["type", "content", "course_section_id", "attachment"]);
  });
});
