import type { TFunction } from "i18next";
import { formatDate, isIsoDate } from "../../common/dates/format";
import { formatAmount } from "../../common/money/fees";
import i18n from "../i18n";

/** What a notification's text is made of (server/modules/notifications/message.ts). */
export type NotificationMessage = {
  content: string;
  code?: string | null;
  params?: Record<string, unknown> | null;
};

const isText = (v: unknown): v is string => typeof v === "string" && v !== "";
const isAmount = (v: unknown): v is number => Number.isSafeInteger(v);

/**
 * A document type's name in the reader's language. Spanish readers see the school's own name (the one its
 * PDFs and e-mails print); other languages the translation of the type number (1, 2, 4), or the school's
 * name for a type of its own.
 */
export function documentTypeName(t: TFunction, id: unknown, name?: string | null): string {
  const fallback = name ?? "";
  if (fallback && i18n.language === "es") return fallback;
  return typeof id === "number"
    ? t(`layout.notifications.documentTypes.${id}`, { defaultValue: fallback })
    : fallback;
}

type Render = (t: TFunction, p: Record<string, unknown>) => string | null;

/** One renderer per code (the part of the stored code before ":"); null when the parameters are not usable. */
const renderers: Record<string, Render> = {
  document_ready: (t, p) => {
    const document = documentTypeName(t, p.document_type, isText(p.document_name) ? p.document_name : null);
    return document
      ? t("layout.notifications.texts.documentReady", { document: document.toLowerCase() })
      : null;
  },
  payment_reported: (t, p) =>
    isText(p.student) && isAmount(p.amount_e2)
      ? t("layout.notifications.texts.paymentReported", {
          student: p.student,
          amount: formatAmount(p.amount_e2),
          method: t(`paymentReport.methods.${String(p.method)}`, { defaultValue: String(p.method ?? "") }),
        })
      : null,
  payment_approved: (t, p) =>
    isAmount(p.amount_e2) && isText(p.date) && isIsoDate(p.date)
      ? t("layout.notifications.texts.paymentApproved", {
          amount: formatAmount(p.amount_e2),
          date: formatDate(p.date),
        })
      : null,
  payment_rejected: (t, p) =>
    isAmount(p.amount_e2) && isText(p.date) && isIsoDate(p.date)
      ? t("layout.notifications.texts.paymentRejected", {
          amount: formatAmount(p.amount_e2),
          date: formatDate(p.date),
        })
      : null,
  pending_evaluations_fc: (t, p) => pendingEvaluations(t, p, "fc"),
  pending_evaluations_sc: (t, p) => pendingEvaluations(t, p, "sc"),
  backup_failed: (t, p) =>
    (p.trigger === "manual" || p.trigger === "scheduled") && typeof p.reason === "string"
      ? t(`layout.notifications.texts.backupFailed.${p.trigger}`, { reason: p.reason })
      : null,
};

function pendingEvaluations(t: TFunction, p: Record<string, unknown>, cut: "fc" | "sc"): string | null {
  if (!Array.isArray(p.items) || p.items.length === 0) return null;
  const items: string[] = [];
  for (const item of p.items) {
    if (!Array.isArray(item) || !isText(item[0]) || !isText(item[1]) || !isAmount(item[2])) return null;
    items.push(
      t("layout.notifications.texts.pendingItem", { section: item[0], course: item[1], count: item[2] }),
    );
  }
  return t("layout.notifications.texts.pendingEvaluations", {
    cut: t(`layout.notifications.texts.cuts.${cut}`),
    list: items.join("; "),
  });
}

/**
 * A notification's text in the reader's language: a system notification is rendered from its code and
 * parameters; a person's message, and a system one written before codes carried parameters, show their
 * content as sent.
 */
export function notificationText(t: TFunction, n: NotificationMessage): string {
  const render = n.code ? renderers[n.code.split(":")[0]!] : undefined;
  if (!render || !n.params) return n.content;
  return render(t, n.params) ?? n.content;
}
