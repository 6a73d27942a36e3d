import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { makeFee } from "../../components/payment-report/test-fee";
import type { SessionUser } from "../../session/types";
import {
  flush,
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const meta = (total: number) => ({ total, per_page: 10, current_page: 1, last_page: 1 });
const payment = (id: number, status: number) => ({
  id,
  title: null,
  status,
  status_name: "",
  from_report: true,
  type: 3,
  type_name: "Transferencia Bancaria",
  date: "2026-10-11",
  amount_e2: 3000,
  amount: 3000,
  receipt_number: `REF-${id}`,
  observation: null,
  student_id: 10,
  period_id: 3,
  fee_id: 7,
  student: { id: 10, first_name: "Luis", last_name: "Díaz", identity_document: "V-1", email: "l@x.ve" },
  period: { id: 3, name: "2026-2" },
  created_by_user_id: 5,
  reviewed_by_user_id: null,
  reviewed_at: null,
  created_at: "2026-10-11T12:00:00Z",
});

describe("/payments", () => {
  it("lists payments and approves a pending one after the question (status-only PATCH)", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/payments?"))
        return jsonResponse(200, { data: [payment(1, 1), payment(2, 2)], meta: meta(2) });
      if (url === "/api/payments/1" && init.method === "PATCH")
        return jsonResponse(200, { data: payment(1, 2) });
      if (url.startsWith("/api/periods")) return jsonResponse(200, { data: [], meta: meta(0) });
    });
    renderApp("/payments?status=1");
    const row = (await screen.findByText("REF-1")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Pendiente")).toBeInTheDocument();
    expect(within(row).getByText("30,00")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("status=1"))).toBe(true);
    const approved = (screen.getByText("REF-2").closest("tr") as HTMLElement) ?? null;
    expect(within(approved).queryByRole("button", { name: /^(Aprobar|Rechazar)/ })).not.toBeInTheDocument();
    // Icon buttons, each named with its payment.
    expect(within(row).getByRole("button", { name: "Rechazar el pago 1" })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Aprobar el pago 1" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sí" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.filter(([, i]) => i?.method === "PATCH").map(([, i]) => JSON.parse(String(i?.body))),
      ).toEqual([{ status: 2 }]),
    );
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ message: "Se ha aprobado el pago" }),
      ),
    );
  });

  it("shows the day a report says it was paid beside the day it was reported, in the list and the detail", async () => {
    loginAs(Role.admin);
    // Paid (says the student) on 2 October, reported on 11 October at 10:00 in Caracas.
    const backDated = { ...payment(4, 1), date: "2026-10-02", created_at: "2026-10-11T14:00:00Z" };
    const desk = { ...payment(5, 2), from_report: false };
    mockFetch((url) => {
      if (url.startsWith("/api/payments?"))
        return jsonResponse(200, { data: [backDated, desk], meta: meta(2) });
      if (url === "/api/payments/4")
        return jsonResponse(200, {
          data: { ...backDated, allocations: [], credit_e2: 0, audit: [], receipt_url: null },
        });
      if (url.startsWith("/api/periods")) return jsonResponse(200, { data: [], meta: meta(0) });
    });
    renderApp("/payments");
    expect(await screen.findByRole("columnheader", { name: /Pagado \/ reportado/ })).toBeInTheDocument();
    const row = (await screen.findByText("REF-4")).closest("tr") as HTMLElement;
    expect(within(row).getByText("02/10/2026")).toBeInTheDocument();
    expect(within(row).getByText("Reportado el 11/10/2026")).toBeInTheDocument();
    const deskRow = screen.getByText("REF-5").closest("tr") as HTMLElement;
    expect(within(deskRow).queryByText(/Reportado el/)).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: /Ver/ }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Fecha de pago")).toBeInTheDocument();
    expect(within(dialog).getByText("02/10/2026")).toBeInTheDocument();
    expect(within(dialog).getByText("Fecha del reporte")).toBeInTheDocument();
    expect(within(dialog).getByText("11/10/2026")).toBeInTheDocument();
  });

  it("shows the student of ?student_id= in the student filter; clearing it removes the filter", async () => {
    loginAs(Role.lowAdmin);
    const user = userEvent.setup();
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/payments?"))
        return jsonResponse(200, { data: [payment(1, 2)], meta: meta(1) });
      if (url.startsWith("/api/students?"))
        return jsonResponse(200, {
          data: [{ id: 10, first_name: "Luis", last_name: "Díaz", identity_document: "V-1" }],
          meta: meta(1),
        });
      if (url === "/api/students/10")
        return jsonResponse(200, {
          data: { id: 10, first_name: "Luis", last_name: "Díaz", identity_document: "V-1" },
        });
      if (url.startsWith("/api/periods")) return jsonResponse(200, { data: [], meta: meta(0) });
    });
    const { router } = renderApp("/payments?student_id=10");
    const filter = await screen.findByRole("combobox", { name: "Estudiante" });
    await waitFor(() => expect(filter).toHaveValue("Díaz, Luis — V-1"));
    const listCalls = () =>
      fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith("/api/payments?"));
    expect(listCalls().every((u) => new URL(u, "http://x").searchParams.get("student_id") === "10")).toBe(
      true,
    );
    // The label in the box is not sent as a search of students.
    await flush();
    expect(fetch.mock.calls.some(([u]) => String(u).startsWith("/api/students?"))).toBe(false);

    await user.click(screen.getByRole("button", { name: "Quitar el filtro de estudiante" }));
    await waitFor(() => expect(router.state.location.search).not.toContain("student_id"));
    expect(filter).toHaveValue("");
    await waitFor(() =>
      expect(new URL(listCalls().at(-1) ?? "", "http://x").searchParams.has("student_id")).toBe(false),
    );
    // Choosing a student again filters by them.
    await user.type(filter, "luis");
    await user.click(await screen.findByRole("option", { name: "Díaz, Luis — V-1" }));
    await waitFor(() => expect(router.state.location.search).toContain("student_id=10"));
    expect(filter).toHaveValue("Díaz, Luis — V-1");
  }, 60_000);

  it("filters by dates typed DD/MM/YYYY in the Spanish date picker, sent as YYYY-MM-DD", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/payments?"))
        return jsonResponse(200, { data: [payment(1, 2)], meta: meta(1) });
      if (url.startsWith("/api/periods")) return jsonResponse(200, { data: [], meta: meta(0) });
    });
    const { router } = renderApp("/payments?date_from=2026-10-01");
    const from = await screen.findByRole("textbox", { name: "Desde" });
    expect(from).toHaveValue("01/10/2026");
    const to = screen.getByRole("textbox", { name: "Hasta" });
    await user.type(to, "31/10/2026");
    await user.tab();
    await waitFor(() => expect(router.state.location.search).toContain("date_to=2026-10-31"));
    expect(router.state.location.search).toContain("date_from=2026-10-01");
    expect(to).toHaveValue("31/10/2026");
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([u]) => {
          const query = new URL(String(u), "http://x").searchParams;
          return query.get("date_from") === "2026-10-01" && query.get("date_to") === "2026-10-31";
        }),
      ).toBe(true),
    );
  }, 60_000);

  it("shows the debtors report with its total", async () => {
    loginAs(Role.lowAdmin);
    mockFetch((url) => {
      if (url.startsWith("/api/payments/debtors"))
        return jsonResponse(200, {
          data: [
            {
              student_id: 10,
              first_name: "Luis",
              last_name: "Díaz",
              identity_document: "V-1",
              email: null,
              fee_id: 7,
              period_id: 3,
              section: { id: 1, code: "INF1A" },
              specialization: { id: 1, title: "Informática" },
              overdue_count: 1,
              overdue_e2: 13500,
              late_extra_e2: 1000,
              pending_e2: 38500,
              oldest_due_date: "2026-11-10",
            },
          ],
          meta: { ...meta(1), total_owed_e2: 13500 },
        });
      if (url.startsWith("/api/periods") || url.startsWith("/api/specializations"))
        return jsonResponse(200, { data: [], meta: meta(0) });
    });
    renderApp("/payments?tab=debtors");
    const row = (await screen.findByText("Díaz, Luis")).closest("tr") as HTMLElement;
    expect(within(row).getByText("INF1A")).toBeInTheDocument();
    expect(within(row).getByText("135,00")).toBeInTheDocument();
    // The number of overdue installments sits under their amount (one column less: the table fits 1280 px).
    expect(within(row).getByText("1 cuota vencida")).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: /Cuotas vencidas/ })).not.toBeInTheDocument();
    expect(screen.getByTestId("debtors-total")).toHaveTextContent("135,00");
    // The name leads to the student's payments.
    expect(within(row).getByRole("link", { name: "Díaz, Luis" })).toHaveAttribute(
      "href",
      "/payments?student_id=10",
    );
    expect(screen.queryByRole("link", { name: "Registrar pago" })).not.toBeInTheDocument();
  });
});

describe("/profile/{id}/payments", () => {
  it("shows the student's installments with their state and the approved payment's receipt", async () => {
    const latest = {
      id: 5,
      student_id: 10,
      period_id: 3,
      period: { id: 3 },
      payments: [{ id: 1, status: 2, type: 3, date: "2026-09-14", amount_e2: 10000, receipt_number: "R-1" }],
    } as unknown as SessionUser["latest_inscription"];
    loginAs(Role.student, { latest_inscription: latest });
    mockFetch((url) => {
      if (url.startsWith("/api/students/10/period-fee")) return jsonResponse(200, { data: makeFee() });
    });
    renderApp("/profile/10/payments");
    expect(await screen.findByRole("heading", { name: "Mis pagos" })).toBeInTheDocument();
    const installments = await screen.findByRole("region", { name: "Cuotas" });
    expect(within(installments).getByText("Pagada")).toBeInTheDocument();
    const payments = screen.getByRole("region", { name: "Pagos" });
    const row = within(payments).getByText("R-1").closest("tr") as HTMLElement;
    expect(within(row).getByText("Aprobado")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Descargar recibo" })).toBeInTheDocument();
  });
});

describe("/payments/create", () => {
  // The school's today is 12/10/2026 (only Date is faked: the timers stay real for the user events).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-10-12T15:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  const periods = [
    { id: 4, year: 2027, number: 1, enabled: true },
    { id: 3, year: 2026, number: 2, enabled: true },
  ];
  const luis = { id: 10, first_name: "Luis", last_name: "Díaz", identity_document: "V-1" };
  type Answer = (init: RequestInit) => Response;
  /** The desk form's calls: periods, the student search, Luis's fee in 2026-2 (none in 2027-1), the POST. */
  const deskFetch = (post: Answer, fee = makeFee()) =>
    mockFetch((url, init) => {
      if (url.startsWith("/api/periods")) return jsonResponse(200, { data: periods, meta: meta(2) });
      if (url.startsWith("/api/students?")) return jsonResponse(200, { data: [luis], meta: meta(1) });
      if (url === "/api/students/10/period-fee?period_id=3") return jsonResponse(200, { data: fee });
      if (url.startsWith("/api/students/10/period-fee"))
        return jsonResponse(404, { message: "student_period_fee_not_found" });
      if (url === "/api/payments" && init.method === "POST") return post(init);
    });
  const posted = (fetch: ReturnType<typeof mockFetch>) =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([, init]) => JSON.parse(String(init?.body)));
  const save = () => screen.getByRole("button", { name: "Registrar pago" });

  /** Luis in 2026-2 (the form starts on the first enabled period, 2027-1, where he has no fee). */
  async function pickStudentAndPeriod(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByRole("combobox", { name: /Estudiante/ }), "luis");
    await user.click(await screen.findByRole("option", { name: "Díaz, Luis — V-1" }));
    expect(await screen.findByText("El estudiante no tiene cuota en este período.")).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: /Período/ }));
    await user.click(await screen.findByRole("option", { name: "2026-2" }));
    await waitFor(() =>
      expect(screen.queryByText("El estudiante no tiene cuota en este período.")).not.toBeInTheDocument(),
    );
  }
  async function chooseType(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(screen.getByRole("combobox", { name: /Tipo de pago/ }));
    await user.click(await screen.findByRole("option", { name }));
  }

  it("records a transfer taken at the desk: amount × 100, the chosen student and period, back to the list", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = deskFetch(() => jsonResponse(201, { data: payment(9, 2) }));
    const { router } = renderApp("/payments/create");
    expect(await screen.findByRole("heading", { name: "Registrar pago" })).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await pickStudentAndPeriod(user);
    await chooseType(user, "Transferencia Bancaria");
    // The date starts on today, in the Spanish date picker; the clerk types the day of the transfer.
    const date = screen.getByLabelText(/Fecha de pago/);
    expect(date).toHaveValue("12/10/2026");
    await user.clear(date);
    await user.type(date, "11/10/2026");
    await user.type(screen.getByLabelText(/Número de recibo/), " REF-9 ");
    await user.type(screen.getByLabelText(/^Monto/), "90,50");
    await user.type(screen.getByLabelText("Observación"), "Pagó en la taquilla");
    expect(screen.getByText("Monto a pagar: 90,50")).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(posted(fetch)).toHaveLength(1));
    expect(posted(fetch)[0]).toEqual({
      type: 3,
      date: "2026-10-11",
      amount: 9050,
      receipt_number: "REF-9",
      student_id: 10,
      period_id: 3,
      from_report: false,
      mode: "installment",
      observation: "Pagó en la taquilla",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/payments"));
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Se ha registrado el pago" }),
    );
  }, 60_000);

  it("sends cash without a receipt number (null), for the whole pending amount in full mode", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = deskFetch(
      () => jsonResponse(201, { data: payment(9, 2) }),
      makeFee({ full_payment_methods: [1, 3] }),
    );
    renderApp("/payments/create");
    await pickStudentAndPeriod(user);
    await user.click(screen.getByRole("radio", { name: "Pago total" }));
    await chooseType(user, "Transferencia Bancaria");
    await user.type(screen.getByLabelText(/Número de recibo/), "REF-1");
    await chooseType(user, "Efectivo");
    expect(screen.getByLabelText(/Número de recibo/)).toBeDisabled();
    expect(screen.getByLabelText(/Número de recibo/)).toHaveValue("");
    expect(screen.getByLabelText(/^Monto/)).toHaveValue("260,00");
    await user.click(save());
    await waitFor(() => expect(posted(fetch)).toHaveLength(1));
    expect(posted(fetch)[0]).toEqual({
      type: 1,
      date: "2026-10-12",
      amount: 26000,
      receipt_number: null,
      student_id: 10,
      period_id: 3,
      from_report: false,
      mode: "fully",
      observation: null,
    });
  }, 60_000);

  it("a retry after a lost answer resends the same Idempotency-Key (the server answers it once)", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    let calls = 0;
    const fetch = deskFetch(() => {
      calls += 1;
      // The server recorded the payment but its answer never arrived (a killed server, a cut network).
      if (calls === 1) throw new TypeError("Failed to fetch");
      return jsonResponse(201, { data: payment(9, 2) });
    });
    const { router } = renderApp("/payments/create");
    await pickStudentAndPeriod(user);
    await chooseType(user, "Zelle");
    await user.type(screen.getByLabelText(/Número de recibo/), "Z-78");
    await user.type(screen.getByLabelText(/^Monto/), "30");
    await user.click(save());
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(save()).toBeEnabled());
    const keys = () =>
      fetch.mock.calls
        .filter(([, init]) => init?.method === "POST")
        .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"]);
    expect(keys()[0]).toMatch(/^[0-9a-f]{32}$/);
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe("/payments"));
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
  }, 60_000);

  it("a submit with other data after a refusal carries a new Idempotency-Key", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    let calls = 0;
    const fetch = deskFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(400, { message: "receipt_number_already_reported" })
        : jsonResponse(201, { data: payment(9, 2) });
    });
    renderApp("/payments/create");
    await pickStudentAndPeriod(user);
    await chooseType(user, "Zelle");
    await user.type(screen.getByLabelText(/Número de recibo/), "Z-79");
    await user.type(screen.getByLabelText(/^Monto/), "30");
    await user.click(save());
    await waitFor(() => expect(save()).toBeEnabled());
    await user.type(screen.getByLabelText(/Número de recibo/), "0");
    await user.click(save());
    await waitFor(() => expect(calls).toBe(2));
    const [first, second] = fetch.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.["Idempotency-Key"]);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
  }, 60_000);

  it("shows the server's refusal in Spanish and keeps the form to correct it", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = deskFetch(() =>
      jsonResponse(400, {
        message: "receipt_number_already_reported",
        description:
          "Ya se reportó un pago con ese número de recibo para este método de pago: verifique el número.",
      }),
    );
    const { router } = renderApp("/payments/create");
    await pickStudentAndPeriod(user);
    await chooseType(user, "Zelle");
    await user.type(screen.getByLabelText(/Número de recibo/), "Z-77");
    await user.type(screen.getByLabelText(/^Monto/), "30");
    await user.click(save());
    expect(
      await screen.findByText(
        "Ya se reportó un pago con ese número de recibo para este método de pago: verifique el número.",
      ),
    ).toBeInTheDocument();
    expect(posted(fetch)).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/payments/create");
    expect(screen.getByLabelText(/Número de recibo/)).toHaveValue("Z-77");
    await waitFor(() => expect(save()).toBeEnabled());
    expect(shownNotifications()).not.toContainEqual(
      expect.objectContaining({ message: "Se ha registrado el pago" }),
    );
  }, 60_000);
});
