// Bench data for the money scenarios (issue 10): 100,000 payments (`--payments`) spread over the demo's
// students and periods, in every status and method, a year of dates, unique receipt numbers (the
// one-receipt-per-method index holds), inserted by one INSERT … SELECT over generate_series; and one student
// of the current period with a four-installment fee, whose period fee the scenario reads. The scenarios:
// the payments list (newest first, and filtered by period and status) at 50 req/s, p95 ≤ 50 ms, and
// GET /students/{id}/period-fee (every page load of a student) at 100 req/s, p95 ≤ 20 ms.
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.js";

export const MONEY_BENCH_PAYMENTS = 100_000;

export type MoneyBenchIds = {
  /** The enabled period (the list's period filter). */
  periodId: number;
  /** A student of the current period with a fee (the period-fee scenario). */
  studentId: number;
  payments: number;
  seedSeconds: number;
};

type Query = (text: string, params?: (string | number)[]) => Promise<Record<string, unknown>[]>;

/** Before the server starts: seeds the bench payments (once per database). */
export async function prepareMoney(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  count?: number;
}): Promise<MoneyBenchIds> {
  const started = performance.now();
  const count = opts.count ?? MONEY_BENCH_PAYMENTS;
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const ids = await database.db.transaction(async (tx) => {
      /** Raw SQL with $n placeholders, sent as one parameterised statement. */
      const q: Query = async (text, params = []) => {
        const chunks = text
          .split(/\$(\d+)/)
          .map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
        const result = await tx.execute(sql.join(chunks, sql.raw("")));
        return (result as unknown as { rows: Record<string, unknown>[] }).rows;
      };
      const [current] = await q("select id, start_date from periods where enabled");
      if (!current) throw new Error("money bench: the demo has no enabled period");
      const periodId = Number(current.id);

      // The student whose fee is read: one of the current period with a fee, else the first inscribed one
      // given a four-installment fee here.
      const [withFee] = await q(
        `select f.student_id from student_period_fees f
           join inscriptions i on i.student_id = f.student_id and i.period_id = f.period_id
          where f.period_id = $1 order by f.student_id limit 1`,
        [periodId],
      );
      let studentId: number;
      if (withFee) studentId = Number(withFee.student_id);
      else {
        const [inscribed] = await q(
          "select student_id, id from inscriptions where period_id = $1 order by student_id limit 1",
          [periodId],
        );
        if (!inscribed) throw new Error("money bench: nobody is inscribed in the current period");
        studentId = Number(inscribed.student_id);
        const [fee] = await q(
          `insert into student_period_fees (student_id, period_id, inscription_id, installment_payment_methods,
             full_payment_methods, installment_grace_period_days, late_installment_extra_e2)
           values ($1, $2, $3, '{1,3}', '{2,5}', 3, 500) returning id`,
          [studentId, periodId, Number(inscribed.id)],
        );
        await q(
          `insert into fee_installments (fee_id, date, amount_e2)
           select $1, $2::date + (k * 30), 2500000 from generate_series(0, 3) k`,
          [Number(fee!.id), String(current.start_date)],
        );
      }

      // 100,000 payments in one statement: students and periods in turn, every status and method, a year of
      // dates, cash without a receipt number and the others with a unique one.
      await q(
        `with st as (select array_agg(id order by id) as ids from students),
              pe as (select array_agg(id order by id) as ids from periods)
         insert into payments (student_id, period_id, status, type, from_report, date, amount_e2, receipt_number, title)
         select st.ids[1 + g % cardinality(st.ids)],
                pe.ids[1 + (g / 7) % cardinality(pe.ids)],
                1 + g % 3,
                1 + (g / 3) % 5,
                g % 4 <> 0,
                current_date - (g % 365),
                1000 + (g * 7919) % 5000000,
                case when 1 + (g / 3) % 5 = 1 then null else 'BANCO-' || g end,
                case when g % 10 = 0 then 'Pago de cuota ' || (g % 4 + 1) else null end
           from generate_series(1, $1::int) g, st, pe`,
        [count],
      );
      // Fresh statistics for the planner (PGlite has no autovacuum to gather them after a bulk load).
      for (const table of ["payments", "student_period_fees", "fee_installments"])
        await q(`analyze ${table}`);
      return {
        periodId,
        studentId,
        payments: count,
        seedSeconds: (performance.now() - started) / 1000,
      } satisfies MoneyBenchIds;
    });
    // What autovacuum does on PostgreSQL after a bulk insert (and PGlite never does by itself): mark the
    // pages all-visible, so counting the list's total may read an index alone. Outside the transaction.
    await database.db.execute(sql`vacuum analyze payments`);
    return { ...ids, seedSeconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}
