import { Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { TFunction } from "i18next";
import { describeApiError, isApiError } from "../../api/errors";
import { approvalExplainedByPage, type PreregisteredStudent } from "../../api/preregistered-students";

const fullName = (s: PreregisteredStudent) => `${s.first_name} ${s.last_name}`;

/** The body of "¿Aprobar?": who is approved (name, cédula, e-mail), then "Esta acción requiere confirmación". */
export function approvalQuestion(t: TFunction, student: PreregisteredStudent) {
  return (
    <Stack gap={4} component="span">
      <Text size="sm" fw={600} component="span">
        {t("preregistered.approve.who", {
          name: fullName(student),
          document: student.identity_document,
          email: student.email,
        })}
      </Text>
      <Text size="sm" component="span">
        {t("preregistered.approve.message")}
      </Text>
    </Stack>
  );
}

/**
 * Why an approval was refused, in a dialog that stays until read: the server's sentence (the e-mail or
 * cédula already on file and whose it is), or the field messages of a 422 (`email_already_taken`).
 * "Corregir datos" opens the correction form.
 */
export function showApprovalRefusal(opts: {
  t: TFunction;
  student: PreregisteredStudent;
  error: unknown;
  onCorrect: () => void;
}): boolean {
  const { t, student, error } = opts;
  if (!isApiError(error) || error.kind !== "http" || !approvalExplainedByPage(error)) return false;
  const fieldMessages = Object.values(error.errors ?? {}).flat();
  const reasons = fieldMessages.length > 0 ? fieldMessages : [describeApiError(error)];
  modals.openConfirmModal({
    title: t("preregistered.approve.refusedTitle", { name: fullName(student) }),
    children: (
      <Stack gap="xs">
        {reasons.map((reason) => (
          <Text size="sm" key={reason}>
            {reason}
          </Text>
        ))}
      </Stack>
    ),
    labels: { confirm: t("preregistered.approve.correct"), cancel: t("preregistered.approve.close") },
    onConfirm: opts.onCorrect,
  });
  return true;
}
