import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { accounts, loginAs } from "./support";

type Debtor = { student_id: number; first_name: string; last_name: string; email: string | null };
type PaymentRow = { id: number; status: number };

/** An administrator's token, for the API calls that find the demo's cases. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post("/api/login", {
    data: { email: accounts.admin.email, password: accounts.admin.password, remember_me: false },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * A demo student of the case "late" (server/db/seed/money.ts): owes an overdue installment and has one
 * payment, approved, so the banner's five conditions hold (spec.md §4).
 */
export async function findLateStudent(request: APIRequestContext): Promise<Debtor & { email: string }> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const debtors = await request.get("/api/payments/debtors?limit=0", { headers });
  expect(debtors.status()).toBe(200);
  for (const debtor of ((await debtors.json()) as { data: Debtor[] }).data) {
    const list = await request.get(`/api/payments?limit=0&student_id=${debtor.student_id}`, { headers });
    const payments = ((await list.json()) as { data: PaymentRow[] }).data;
    if (debtor.email && payments.length === 1 && payments[0]!.status === 2)
      return { ...debtor, email: debtor.email };
  }
  throw new Error("the demo has no student with a late installment and one approved payment");
}

/** Logs a demo student in through the API (every demo student's password) and opens `path`. */
export function loginStudent(page: Page, email: string, path = "/home") {
  return loginAs(page, email, accounts.student.password, path);
}

/** The payment banner landmark. */
export const banner = (page: Page) => page.getByRole("region", { name: "Aviso de pago" });

/** The school's today as the Spanish date picker takes it: DD/MM/YYYY (America/Caracas). */
export function schoolTodayTyped(page: Page): Promise<string> {
  return page.evaluate(() =>
    new Intl.DateTimeFormat("es-VE", {
      timeZone: "America/Caracas",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }).format(new Date()),
  );
}
