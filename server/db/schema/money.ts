import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";
import { inscriptions } from "./enrolment.js";
import { students } from "./people.js";
import { periods } from "./periods.js";
import { users } from "./users.js";

/** Payment method codes: 1 Efectivo, 2 100% Banco, 3 Transferencia Bancaria, 4 Transferencia de Curso, 5 Zelle. */
const methods = () => integer().array().notNull().default(sql`'{}'::integer[]`);
const validMethods = (column: unknown) => sql`${column} <@ array[1, 2, 3, 4, 5]`;

/** What a period costs: installments and payment rules. Student fees copy it. */
export const periodPriceSettings = pgTable(
  "period_price_settings",
  {
    id: serial().primaryKey(),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "cascade" }),
    installmentPaymentMethods: methods(),
    fullPaymentMethods: methods(),
    installmentGracePeriodDays: smallint().notNull().default(0),
    lateInstallmentExtraE2: integer("late_installment_extra_e2").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique("period_price_settings_period_unique").on(t.periodId),
    check("period_price_settings_installment_methods_valid", validMethods(t.installmentPaymentMethods)),
    check("period_price_settings_full_methods_valid", validMethods(t.fullPaymentMethods)),
    check("period_price_settings_grace_range", sql`${t.installmentGracePeriodDays} >= 0`),
    check("period_price_settings_late_extra_range", sql`${t.lateInstallmentExtraE2} >= 0`),
  ],
);

export const periodPriceInstallments = pgTable(
  "period_price_installments",
  {
    id: serial().primaryKey(),
    priceSettingId: integer()
      .notNull()
      .references(() => periodPriceSettings.id, { onDelete: "cascade" }),
    date: date().notNull(),
    amountE2: integer("amount_e2").notNull(),
  },
  (t) => [
    unique("period_price_installments_setting_date_unique").on(t.priceSettingId, t.date),
    check("period_price_installments_amount_positive", sql`${t.amountE2} > 0`),
  ],
);

/** A student's fee for a period, copied from the period's price setting. */
export const studentPeriodFees = pgTable(
  "student_period_fees",
  {
    id: serial().primaryKey(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "restrict" }),
    inscriptionId: integer().references(() => inscriptions.id, { onDelete: "set null" }),
    priceSettingId: integer().references(() => periodPriceSettings.id, { onDelete: "set null" }),
    installmentPaymentMethods: methods(),
    fullPaymentMethods: methods(),
    installmentGracePeriodDays: smallint().notNull().default(0),
    lateInstallmentExtraE2: integer("late_installment_extra_e2").notNull().default(0),
    /** Money paid beyond the installments, kept for later. */
    creditE2: integer("credit_e2").notNull().default(0),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique("student_period_fees_student_period_unique").on(t.studentId, t.periodId),
    index("student_period_fees_period_idx").on(t.periodId),
    index("student_period_fees_inscription_idx").on(t.inscriptionId),
    check("student_period_fees_installment_methods_valid", validMethods(t.installmentPaymentMethods)),
    check("student_period_fees_full_methods_valid", validMethods(t.fullPaymentMethods)),
    check(
      "student_period_fees_amounts_range",
      sql`${t.installmentGracePeriodDays} >= 0 and ${t.lateInstallmentExtraE2} >= 0 and ${t.creditE2} >= 0`,
    ),
  ],
);

/** One installment of a student's fee. `late_extra_e2` is charged once, when it is paid late. */
export const feeInstallments = pgTable(
  "fee_installments",
  {
    id: serial().primaryKey(),
    feeId: integer()
      .notNull()
      .references(() => studentPeriodFees.id, { onDelete: "cascade" }),
    date: date().notNull(),
    amountE2: integer("amount_e2").notNull(),
    paidAmountE2: integer("paid_amount_e2").notNull().default(0),
    lateExtraE2: integer("late_extra_e2").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("fee_installments_fee_idx").on(t.feeId, t.date),
    check("fee_installments_amount_positive", sql`${t.amountE2} > 0`),
    check(
      "fee_installments_paid_range",
      sql`${t.paidAmountE2} >= 0 and ${t.lateExtraE2} >= 0 and ${t.paidAmountE2} <= ${t.amountE2} + ${t.lateExtraE2}`,
    ),
  ],
);

export const paymentStatuses = { pending: 1, approved: 2, rejected: 3 } as const;

/** Money a student paid or reported; status 1 pending review, 2 approved, 3 rejected. */
export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "restrict" }),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "restrict" }),
    feeId: integer().references(() => studentPeriodFees.id, { onDelete: "set null" }),
    title: varchar({ length: 200 }),
    status: smallint().notNull().default(1),
    /** Payment method code (1..5). */
    type: smallint().notNull(),
    /** Reported by the student through the payment wizard. */
    fromReport: boolean().notNull().default(false),
    date: date().notNull(),
    amountE2: integer("amount_e2").notNull(),
    receiptNumber: varchar({ length: 60 }),
    observation: text(),
    createdByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("payments_status_valid", sql`${t.status} in (1, 2, 3)`),
    check("payments_type_valid", sql`${t.type} between 1 and 5`),
    check("payments_amount_positive", sql`${t.amountE2} > 0`),
    index("payments_student_period_idx").on(t.studentId, t.periodId),
    index("payments_period_idx").on(t.periodId),
    index("payments_fee_idx").on(t.feeId),
    index("payments_status_idx").on(t.status),
    // Issue 10: one receipt number per method (rejected reports aside), even under concurrency.
    uniqueIndex("payments_type_receipt_number_unique")
      .on(t.type, sql`lower(${t.receiptNumber})`)
      .where(sql`${t.receiptNumber} is not null and ${t.status} <> 3`),
    // The payments list (newest first, by period or status) at 100,000 payments.
    index("payments_date_idx").on(t.date, t.id),
    index("payments_period_date_idx").on(t.periodId, t.date, t.id),
    index("payments_status_date_idx").on(t.status, t.date, t.id),
  ],
);

/** How much of an approved payment went to each installment. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    id: serial().primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    feeInstallmentId: integer()
      .notNull()
      .references(() => feeInstallments.id, { onDelete: "cascade" }),
    amountE2: integer("amount_e2").notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payment_allocations_payment_installment_unique").on(t.paymentId, t.feeInstallmentId),
    index("payment_allocations_installment_idx").on(t.feeInstallmentId),
    check("payment_allocations_amount_positive", sql`${t.amountE2} > 0`),
  ],
);
