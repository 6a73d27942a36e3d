import { Alert, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isApiError } from "../../api/errors";
import {
  isReinscriptionRefusal,
  type ReinscriptionDetail,
  useUpdateReinscription,
} from "../../api/reinscriptions";
import { useSemesterSections } from "../../api/withdrawals";
import { confirmAction, toast } from "../../components";

/**
 * Redoes a re-inscription in another section of its semester (`/inscriptions/update/reinscription`), until
 * lessons are recorded for the student; a refusal is shown with its reason.
 */
export function ChangeReinscriptionSection({ reinscription }: { reinscription: ReinscriptionDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sections = useSemesterSections(reinscription.period.id, reinscription.semester.id);
  const update = useUpdateReinscription();
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const others = (sections.data ?? []).filter((s) => s.id !== reinscription.section.id);

  const submit = async () => {
    const section = others.find((s) => String(s.id) === sectionId);
    if (!section) return;
    const confirmed = await confirmAction({
      title: t("reinscriptions.detail.changeSection"),
      message: t("reinscriptions.detail.confirmSection", { section: section.code }),
    });
    if (!confirmed) return;
    setRefusal(null);
    try {
      const result = await update.mutateAsync({ inscription_id: reinscription.id, section_id: section.id });
      toast.success(result.message);
      void navigate(`/reinscriptions/${result.id}`, { replace: true });
    } catch (error) {
      if (isApiError(error) && isReinscriptionRefusal(error)) setRefusal(error.description ?? error.message);
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{t("reinscriptions.detail.changeHelp")}</Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t("reinscriptions.fields.section")}
          placeholder={t("reinscriptions.detail.sectionPlaceholder")}
          data={others.map((s) => ({
            value: String(s.id),
            label: t("withdrawals.sectionOption", {
              code: s.code,
              males: s.males_count,
              malesLimit: s.males_limit,
              females: s.females_count,
              femalesLimit: s.females_limit,
            }),
          }))}
          value={sectionId}
          onChange={setSectionId}
          nothingFoundMessage={t("withdrawals.noOtherSections")}
          miw={280}
        />
        <Button
          variant="default"
          disabled={!sectionId}
          loading={update.isPending}
          onClick={() => void submit()}
        >
          {t("reinscriptions.detail.changeSection")}
        </Button>
      </Group>
      {refusal && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
