import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { WithdrawalState } from "../../api/withdrawals";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";
import { studentOption } from "../reinscriptions/test-data";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const list = (rows: unknown[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});

const state = (overrides: Partial<WithdrawalState> = {}): WithdrawalState => ({
  student: {
    id: 7,
    first_name: "José",
    last_name: "Rondón",
    identity_document: "V-20111222",
    gender: "male",
    status: "active",
  },
  inscription: {
    id: 11,
    status: "active",
    period: { id: 2, name: "2026-2" },
    specialization: { id: 2, title: "Informática", is_basic: false },
    semester: { id: 4, code: "INF-S1" },
    section: { id: 30, code: "INF-S1A" },
    courses: [
      {
        course_section_id: 100,
        course: { id: 1, code: "PRO-201", title: "Programación I" },
        status: "enrolled",
      },
      {
        course_section_id: 101,
        course: { id: 2, code: "BDD-201", title: "Bases de Datos I" },
        status: "enrolled",
      },
    ],
  },
  message: "",
  ...overrides,
});

const section = (id: number, code: string) => ({
  id,
  code,
  males_limit: 15,
  females_limit: 15,
  males_count: 3,
  females_count: 4,
});

async function pickJose(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole("combobox", { name: "Estudiante" }, { timeout: 30_000 }), "jose");
  await user.click(await screen.findByRole("option", { name: "Rondón, José — V-20111222" }));
  expect(await screen.findByText(/Inscripción actual: INF-S1 de Informática/)).toBeInTheDocument();
}

describe("withdrawals", () => {
  it("asks to retire a student in words that agree with her gender", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const maria = state({ student: { ...state().student, first_name: "María", gender: "female" } });
    mockFetch((url) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([studentOption]));
      if (url === "/api/students/7/withdrawal-state") return jsonResponse(200, { data: maria });
      if (url.startsWith("/api/sections?")) return jsonResponse(200, list([section(30, "INF-S1A")]));
      return undefined;
    });
    renderApp("/withdrawals");
    await pickJose(user);
    await user.click(screen.getByRole("button", { name: "Retirar estudiante" }));
    const dialog = await screen.findByRole("dialog", { name: "Retirar estudiante" });
    expect(within(dialog).getByText(/María Rondón quedará retirada:/)).toBeInTheDocument();
  });

  it("retires a student only after the typed 12-character confirmation", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([studentOption]));
      if (url === "/api/students/7/withdrawal-state") return jsonResponse(200, { data: state() });
      if (url.startsWith("/api/sections?"))
        return jsonResponse(200, list([section(30, "INF-S1A"), section(31, "INF-S1B")]));
      if (url === "/api/students/7/retire" && init.method === "PATCH") {
        return jsonResponse(200, {
          data: state({
            student: { ...state().student, status: "retired" },
            message:
              "José Rondón quedó retirado: se retiró su inscripción en curso y sus materias. Su historial se conserva.",
          }),
        });
      }
      return undefined;
    });
    renderApp("/withdrawals");
    await pickJose(user);
    await user.click(screen.getByRole("button", { name: "Retirar estudiante" }));
    const dialog = await screen.findByRole("dialog", { name: "Retirar estudiante" });
    const code = within(dialog).getByTestId("secure-action-code").textContent ?? "";
    expect(code).toMatch(/^[A-Za-z0-9]{12}$/);
    const confirm = within(dialog).getByRole("button", { name: "Confirmar" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Texto de confirmación" }), code);
    await user.click(confirm);
    expect(await screen.findByText(/quedó retirado/)).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url) === "/api/students/7/retire" && init?.method === "PATCH",
      ),
    ).toBe(true);
  }, 60_000);

  it("withdraws the ticked courses after Sí, and shows a refusal with its reason", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([studentOption]));
      if (url === "/api/students/7/withdrawal-state") return jsonResponse(200, { data: state() });
      if (url.startsWith("/api/sections?"))
        return jsonResponse(200, list([section(30, "INF-S1A"), section(31, "INF-S1B")]));
      if (url === "/api/students/7/withdraw-courses" && init.method === "POST") {
        return jsonResponse(400, {
          message: "unable_to_withdraw_courses_in_basic_specialization",
          description:
            "No se pueden retirar materias del ciclo básico: José Rondón cursa CB-S1 de Ciclo básico.",
        });
      }
      return undefined;
    });
    renderApp("/withdrawals");
    await pickJose(user);
    const withdraw = screen.getByRole("button", { name: "Retirar materias" });
    expect(withdraw).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "PRO-201 Programación I" }));
    await user.click(withdraw);
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("¿Retirar 1 materia de José Rondón?");
    await user.click(within(dialog).getByRole("button", { name: "Sí" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("cursa CB-S1 de Ciclo básico");
    const post = fetch.mock.calls.find(([url]) => String(url) === "/api/students/7/withdraw-courses");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ course_section_ids: [100] });
  }, 60_000);

  it("opens with the student of the address chosen (a student's page sends ?student_id=), and keeps a new choice there", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const ana = { id: 8, first_name: "Ana", last_name: "Pérez", identity_document: "V-30111222" };
    mockFetch((url) => {
      if (url === "/api/students/7") return jsonResponse(200, { data: studentOption });
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([ana]));
      if (url === "/api/students/7/withdrawal-state") return jsonResponse(200, { data: state() });
      if (url === "/api/students/8/withdrawal-state")
        return jsonResponse(200, { data: state({ student: { ...state().student, ...ana } }) });
      if (url.startsWith("/api/sections?")) return jsonResponse(200, list([section(30, "INF-S1A")]));
      return undefined;
    });
    const { router } = renderApp("/withdrawals?student_id=7");
    expect(
      await screen.findByText(/Inscripción actual: INF-S1 de Informática/, {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    const box = screen.getByRole("combobox", { name: "Estudiante" });
    await waitFor(() => expect(box).toHaveValue("Rondón, José — V-20111222"));
    expect(screen.getByRole("button", { name: "Retirar estudiante" })).toBeEnabled();
    await user.clear(box);
    await user.type(box, "ana");
    await user.click(await screen.findByRole("option", { name: "Pérez, Ana — V-30111222" }));
    await waitFor(() => expect(router.state.location.search).toBe("?student_id=8"));
    expect(await screen.findByText(/Ana Pérez · V-30111222/)).toBeInTheDocument();
  }, 60_000);

  it("offers only the other sections of the semester, with their seats", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([studentOption]));
      if (url === "/api/students/7/withdrawal-state") return jsonResponse(200, { data: state() });
      if (url.startsWith("/api/sections?"))
        return jsonResponse(200, list([section(30, "INF-S1A"), section(31, "INF-S1B")]));
      return undefined;
    });
    renderApp("/withdrawals");
    await pickJose(user);
    await user.click(screen.getByRole("combobox", { name: "Nueva sección" }));
    expect(
      await screen.findByRole("option", { name: "INF-S1B — varones 3/15, hembras 4/15" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: /INF-S1A/ })).not.toBeInTheDocument();
    const sectionsCall = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.startsWith("/api/sections?"));
    expect(sectionsCall).toContain("period_id=2");
    expect(sectionsCall).toContain("semester_id=4");
  }, 60_000);
});
