import type { PeriodFee } from "../../api/period-fee";

/** A fee of four installments of 100,00 (grace 3 days, late extra 10,00) for the tests. */
export function makeFee(overrides: Partial<PeriodFee> = {}): PeriodFee {
  return {
    id: 7,
    student_id: 10,
    period_id: 3,
    inscription_id: 5,
    inscribed_on: null,
    installment_payment_methods: [1, 3, 5],
    full_payment_methods: [3],
    installment_grace_period_days: 3,
    late_installment_extra_e2: 1000,
    credit_e2: 0,
    completed_at: null,
    total_e2: 40000,
    paid_e2: 10000,
    installments: [
      { id: 1, date: "2026-09-15", amount_e2: 10000, paid_amount_e2: 10000, late_extra_e2: 0 },
      { id: 2, date: "2026-10-15", amount_e2: 10000, paid_amount_e2: 4000, late_extra_e2: 0 },
      { id: 3, date: "2026-11-15", amount_e2: 10000, paid_amount_e2: 0, late_extra_e2: 0 },
      { id: 4, date: "2026-12-15", amount_e2: 10000, paid_amount_e2: 0, late_extra_e2: 0 },
    ],
    ...overrides,
  } as PeriodFee;
}
