import { and, eq, inArray } from "drizzle-orm";
import { formatDate } from "../../../common/dates/format.js";
import { formatAmount } from "../../../common/money/fees.js";
import { Role } from "../../../common/roles.js";
import type { NotificationParams } from "../../../common/schemas/notifications.js";
import { paymentMethodNames } from "../../../common/schemas/payments.js";
import type { DbOrTx } from "../../db/client.js";
import { students, users } from "../../db/schema/index.js";
import { sendNotification } from "../notifications/send.js";

/** Automatic notifications (type 6, "Envío automático") of the payments' life, in the change's transaction. */
const AUTO = 6;

/** `2026-03-05` → `05/03/2026`. */
const dayText = formatDate;

async function send(
  tx: DbOrTx,
  opts: {
    code: string;
    content: string;
    params: NotificationParams;
    back: string;
    senderUserId: number | null;
    userIds: number[];
  },
): Promise<void> {
  if (opts.userIds.length === 0) return;
  await sendNotification(tx, {
    type: AUTO,
    content: opts.content,
    code: opts.code,
    params: opts.params,
    back: opts.back,
    senderUserId: opts.senderUserId,
    userIds: opts.userIds,
  });
}

async function studentOf(tx: DbOrTx, studentId: number) {
  const [student] = await tx
    .select({ userId: students.userId, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(eq(students.id, studentId));
  return student;
}

type PaymentFacts = { paymentId: number; studentId: number; amountE2: number; senderUserId: number | null };

/** To the administration (admins and assistants with an enabled account): a student reported a payment. */
export async function notifyPaymentReported(
  tx: DbOrTx,
  opts: PaymentFacts & { type: number },
): Promise<void> {
  const student = await studentOf(tx, opts.studentId);
  if (!student) return;
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.type, [Role.admin, Role.lowAdmin, Role.god]), eq(users.disabled, false)));
  await send(tx, {
    code: "payment_reported",
    content:
      `${student.firstName} ${student.lastName} reportó un pago de ${formatAmount(opts.amountE2)} ` +
      `(${paymentMethodNames[opts.type] ?? opts.type}) pendiente de revisión.`,
    params: {
      student: `${student.firstName} ${student.lastName}`,
      amount_e2: opts.amountE2,
      method: opts.type,
    },
    back: `/payments/${opts.paymentId}`,
    senderUserId: opts.senderUserId,
    userIds: staff.map((s) => s.id).filter((id) => id !== opts.senderUserId),
  });
}

/** To the student: their payment was approved (the receipt is ready). */
export async function notifyPaymentApproved(
  tx: DbOrTx,
  opts: PaymentFacts & { date: string },
): Promise<void> {
  const student = await studentOf(tx, opts.studentId);
  if (!student) return;
  await send(tx, {
    code: "payment_approved",
    content: `Su pago de ${formatAmount(opts.amountE2)} del ${dayText(opts.date)} fue aprobado. Ya puede descargar el recibo.`,
    params: { amount_e2: opts.amountE2, date: opts.date },
    back: `/profile/${opts.studentId}/payments`,
    senderUserId: opts.senderUserId,
    userIds: [student.userId],
  });
}

/** To the student: their payment was rejected. */
export async function notifyPaymentRejected(
  tx: DbOrTx,
  opts: PaymentFacts & { date: string },
): Promise<void> {
  const student = await studentOf(tx, opts.studentId);
  if (!student) return;
  await send(tx, {
    code: "payment_rejected",
    content:
      `Su pago de ${formatAmount(opts.amountE2)} del ${dayText(opts.date)} fue rechazado. ` +
      "Verifique los datos y repórtelo de nuevo o comuníquese con la administración.",
    params: { amount_e2: opts.amountE2, date: opts.date },
    back: `/profile/${opts.studentId}/payments`,
    senderUserId: opts.senderUserId,
    userIds: [student.userId],
  });
}
