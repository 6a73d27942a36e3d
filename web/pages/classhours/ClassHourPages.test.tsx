import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { ClassHour } from "../../api/class-hours";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

// The area's pages load lazily; the first, cold import is slow on a busy machine: warm it once.
beforeAll(async () => {
  await import("./index");
}, 60_000);

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const classHour = (overrides: Partial<ClassHour> = {}): ClassHour => ({
  id: 3,
  start_hour: 13,
  start_minute: 5,
  end_hour: 13,
  end_minute: 50,
  start_time: "13:05",
  end_time: "13:50",
  ...overrides,
});
const emptyList = { data: [], meta: { total: 0, per_page: 10, current_page: 1, last_page: 1 } };

/** The API's answers; the POST and PATCH bodies the form sent are kept in `sent`. */
function api(answerWrite: (method: string) => Response = () => jsonResponse(201, { data: classHour() })) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? "GET";
    if (method === "POST" || method === "PATCH") {
      sent.push({ method, url, body: JSON.parse(String(init.body)) });
      return answerWrite(method);
    }
    if (url === "/api/class-hours/3") return jsonResponse(200, { data: classHour() });
    if (url.startsWith("/api/class-hours?")) return jsonResponse(200, emptyList);
  });
  return sent;
}

const start = () => screen.getByRole("textbox", { name: /^Hora de inicio/ });
const end = () => screen.getByRole("textbox", { name: /^Hora de fin/ });
const save = () => userEvent.click(screen.getByRole("button", { name: "Guardar" }));
const TIME_INVALID = "Escriba la hora de 00:00 a 23:59, por ejemplo 14:30.";

describe("class hour form", () => {
  it("takes start and end as 24-hour HH:MM and sends the API's four numbers", async () => {
    loginAs(Role.admin);
    const sent = api();
    const { router } = renderApp("/classhours/create");
    await userEvent.type(await screen.findByRole("textbox", { name: /^Hora de inicio/ }), "7:05");
    await userEvent.tab();
    expect(start()).toHaveValue("07:05");
    expect(start()).toHaveAttribute("placeholder", "HH:MM");
    await userEvent.type(end(), "13:50");
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe("/classhours"));
    expect(sent).toEqual([
      {
        method: "POST",
        url: "/api/class-hours",
        body: { start_hour: 7, start_minute: 5, end_hour: 13, end_minute: 50 },
      },
    ]);
  });

  it("keeps an impossible time (25:00, 7:75) in its field with an error and sends nothing", async () => {
    loginAs(Role.admin);
    const sent = api();
    renderApp("/classhours/create");
    await userEvent.type(await screen.findByRole("textbox", { name: /^Hora de inicio/ }), "25:00");
    await userEvent.type(end(), "7:75");
    await save();
    expect(await screen.findAllByText(TIME_INVALID)).toHaveLength(2);
    expect(start()).toHaveValue("25:00");
    expect(end()).toHaveValue("7:75");
    expect(start()).toHaveAttribute("aria-invalid", "true");
    expect(end()).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);

    // Corrected, it saves.
    await userEvent.clear(start());
    await userEvent.type(start(), "07:00");
    await userEvent.clear(end());
    await userEvent.type(end(), "07:45");
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ start_hour: 7, start_minute: 0, end_hour: 7, end_minute: 45 });
  });

  it("asks for both times and refuses an end before the start, under the end", async () => {
    loginAs(Role.admin);
    const sent = api();
    renderApp("/classhours/create");
    await save();
    expect(await screen.findByText("El campo hora de inicio es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo hora de fin es obligatorio.")).toBeInTheDocument();
    await userEvent.type(start(), "21:05");
    await userEvent.type(end(), "20:00");
    await save();
    expect(
      await screen.findByText("La hora de fin debe ser posterior a la hora de inicio."),
    ).toBeInTheDocument();
    expect(end()).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  it("edits a class hour shown as HH:MM and puts the server's 422 under the time it concerns", async () => {
    loginAs(Role.admin);
    const sent = api(() =>
      jsonResponse(422, {
        message: "The given data was invalid.",
        errors: { end_hour: ["La hora de fin debe ser posterior a la hora de inicio."] },
      }),
    );
    renderApp("/classhours/3/edit");
    expect(await screen.findByDisplayValue("13:05")).toBe(start());
    expect(end()).toHaveValue("13:50");
    await userEvent.clear(end());
    await userEvent.type(end(), "14:35");
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: "PATCH",
      url: "/api/class-hours/3",
      body: { start_hour: 13, start_minute: 5, end_hour: 14, end_minute: 35 },
    });
    expect(
      await screen.findByText("La hora de fin debe ser posterior a la hora de inicio."),
    ).toBeInTheDocument();
    expect(end()).toHaveAttribute("aria-invalid", "true");
  });
});
