import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import type { PeriodDetail } from "../../api/periods";
import type { ListResponse } from "../../api/types";

type PensumOption = { id: number; name: string; version: number };
type Specialization = PeriodDetail["specializations"][number];

type Props = {
  /** The specialization whose pensum is chosen; the dialog is open while it is set. */
  specialization: Specialization | null;
  pending: boolean;
  onClose: () => void;
  onAttach: (pensumId: number) => void;
};

/** Chooses the pensum a specialization follows in the period (GET /pensums?specialization_id=X). */
export function AttachPensumDialog({ specialization, pending, onClose, onAttach }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(null);
  const specializationId = specialization?.id;
  const pensums = useQuery({
    queryKey: ["pensums", "list", "by-specialization", specializationId],
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<PensumOption>>("/pensums", {
          query: { limit: 0, specialization_id: specializationId },
          signal,
        })
        .then((r) => r.data),
    enabled: specializationId !== undefined,
  });
  useEffect(() => {
    setValue(specialization?.pensum ? String(specialization.pensum.id) : null);
  }, [specialization]);

  // Newest version first: the one a new period usually follows.
  const data = [...(pensums.data ?? [])]
    .sort((a, b) => b.version - a.version || b.id - a.id)
    .map((p) => ({
      value: String(p.id),
      label: t("periods.pensums.option", { name: p.name, version: p.version }),
    }));

  return (
    <Modal
      opened={specialization !== null}
      onClose={onClose}
      title={t("periods.pensums.attachTitle", { specialization: specialization?.title ?? "" })}
      centered
    >
      <Stack gap="md">
        <Select
          label={t("periods.pensums.pensum")}
          data={data}
          value={value}
          onChange={setValue}
          disabled={pensums.isLoading}
          placeholder={pensums.isLoading ? t("common.loading") : undefined}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
        {pensums.isSuccess && data.length === 0 ? <Text size="sm">{t("periods.pensums.none")}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            loading={pending}
            disabled={value === null}
            onClick={() => value && onAttach(Number(value))}
          >
            {t("periods.pensums.attach")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
