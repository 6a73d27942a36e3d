import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { makeFee } from "../../components/payment-report/test-fee";
import type { SessionUser } from "../../session/types";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";

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
    expect(within(approved).queryByRole("button", { name: "Aprobar" })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Aprobar" }));
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
    expect(screen.getByTestId("debtors-total")).toHaveTextContent("135,00");
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
  it("shows the desk payment form", async () => {
    loginAs(Role.admin);
    mockFetch((url) => {
      if (url.startsWith("/api/periods")) return jsonResponse(200, { data: [], meta: meta(0) });
    });
    renderApp("/payments/create");
    expect(await screen.findByRole("heading", { name: "Registrar pago" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Pago total" })).toBeInTheDocument();
  });
});
