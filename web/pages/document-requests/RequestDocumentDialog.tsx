import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type RequestableType,
  requestableTypes,
  useCreateDocumentRequest,
  useDocumentRequestTypes,
  useLetterEligibility,
} from "../../api/document-requests";
import { StudentSearchSelect, toast } from "../../components";
import { documentTypeName } from "../../layout/notification-text";

type Props = { opened: boolean; onClose: () => void; forStaff: boolean };

/**
 * "Solicitar documento": the type (study certificate, grades certificate, graduate recommendation
 * letter) and an optional note; staff also pick the student. A student always asks for themself.
 */
export function RequestDocumentDialog({ opened, onClose, forStaff }: Props) {
  const { t } = useTranslation();
  const types = useDocumentRequestTypes();
  const create = useCreateDocumentRequest();
  const [type, setType] = useState<string | null>(null);
  const [studentId, setStudentId] = useState<number | null>(null);
  const [observation, setObservation] = useState("");
  const [missing, setMissing] = useState(false);
  // The graduate letter (4) is only for a student who approved their whole pensum: asked before sending.
  const eligibility = useLetterEligibility(
    forStaff ? (studentId ?? undefined) : undefined,
    opened && (!forStaff || studentId !== null),
  );
  const letterRefused = eligibility.data?.eligible === false ? eligibility.data.reason : null;

  const close = () => {
    setType(null);
    setStudentId(null);
    setObservation("");
    setMissing(false);
    onClose();
  };
  const options = requestableTypes.map((id) => {
    const row = types.data?.find((x) => x.id === id);
    return {
      id,
      name: documentTypeName(t, id, row?.name ?? t(`documentRequests.types.${id}`)),
      enabled: (row?.enabled ?? true) && !(id === 4 && letterRefused),
      description: row?.description,
    };
  });

  const submit = async () => {
    if (!type || (forStaff && studentId === null)) {
      setMissing(true);
      return;
    }
    if (type === "4" && letterRefused) return;
    try {
      await create.mutateAsync({
        type_id: Number(type) as RequestableType,
        ...(forStaff && studentId !== null ? { student_id: studentId } : {}),
        observation: observation.trim() || null,
      });
      toast.success(t("documentRequests.request.sent"));
      close();
    } catch {
      // the client already said why
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t("documentRequests.request.title")} centered>
      <Stack gap="md">
        {forStaff ? (
          <StudentSearchSelect
            label={t("documentRequests.fields.student")}
            required
            onChange={(s) => setStudentId(s?.id ?? null)}
            error={missing && studentId === null ? t("documentRequests.request.studentRequired") : undefined}
          />
        ) : null}
        <Radio.Group
          label={t("documentRequests.request.type")}
          required
          value={type}
          onChange={setType}
          error={missing && !type ? t("documentRequests.request.typeRequired") : undefined}
        >
          <Stack gap="xs" mt="xs">
            {options.map((o) => (
              <Radio
                key={o.id}
                value={String(o.id)}
                disabled={!o.enabled}
                label={o.name}
                description={o.description ?? undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        {letterRefused ? (
          <Alert color="yellow" title={t("documentRequests.request.letterRefusedTitle")}>
            {letterRefused}
          </Alert>
        ) : null}
        <Textarea
          label={t("documentRequests.fields.observation")}
          description={t("documentRequests.request.observationHelp")}
          maxLength={500}
          rows={3}
          value={observation}
          onChange={(e) => setObservation(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t("documentRequests.request.hint")}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button
            loading={create.isPending}
            disabled={type === "4" && Boolean(letterRefused)}
            onClick={() => void submit()}
          >
            {t("documentRequests.request.submit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
