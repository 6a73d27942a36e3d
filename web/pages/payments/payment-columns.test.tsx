import { screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import type { Debtor, Payment } from "../../api/payments";
import { renderWithProviders } from "../../components/test-utils";
import i18n from "../../i18n";
import { debtorColumns, paymentColumns } from "./payment-columns";

const t = i18n.t.bind(i18n);
const cell = <T,>(
  columns: { accessor: string; render?: (r: T, i: number) => unknown }[],
  accessor: string,
  row: T,
) => columns.find((c) => c.accessor === accessor)!.render!(row, 0);

describe("payment list columns", () => {
  it("show the day a payment was paid and reported as DD/MM/AAAA (reported: the school's day)", () => {
    const payment = {
      date: "2026-11-05",
      from_report: true,
      // 02:00 UTC on 25 November is still 24 November at the school (Caracas).
      created_at: "2026-11-25T02:00:00.000Z",
    } as Payment;
    renderWithProviders(cell(paymentColumns(t), "date", payment) as ReactElement);
    expect(screen.getByText("05/11/2026")).toBeInTheDocument();
    expect(screen.getByText(/24\/11\/2026/)).toBeInTheDocument();
  });

  it("show a debtor's oldest due date as DD/MM/AAAA, with its year", () => {
    const debtor = { oldest_due_date: "2026-10-19" } as Debtor;
    expect(cell(debtorColumns(t), "oldest_due_date", debtor)).toBe("19/10/2026");
  });
});
