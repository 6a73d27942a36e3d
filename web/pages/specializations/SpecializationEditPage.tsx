import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import {
  useSpecialization,
  useSpecializationCoordinator,
  useUpdateSpecialization,
} from "../../api/specializations";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { SpecializationForm } from "./SpecializationForm";

/** /specializations/:id/edit: "Especialidades" > title > "Editar especialidad", with its coordinator. */
export function SpecializationEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const specialization = useSpecialization(validId);
  const coordinator = useSpecializationCoordinator(validId);
  const update = useUpdateSpecialization();
  useBreadcrumbs([
    { label: t("specializations.list.title"), to: listReturnPath("/specializations") },
    { label: specialization.data?.title ?? "" },
    { label: t("specializations.edit.title") },
  ]);

  let body: ReactNode;
  if (specialization.data) {
    const c = coordinator.data;
    body = (
      <>
        <Paper withBorder p="md" maw={640}>
          <Text size="sm" fw={600}>
            {t("specializations.edit.coordinator")}
          </Text>
          <Text size="sm">
            {c ? `${c.first_name} ${c.last_name} (${c.email})` : t("specializations.edit.noCoordinator")}
          </Text>
        </Paper>
        <SpecializationForm
          key={specialization.data.id}
          specialization={specialization.data}
          pending={update.isPending}
          onSubmit={async (payload) => {
            await update.mutateAsync({ id: specialization.data.id, payload });
            toast.success(t("specializations.edit.success"));
            await navigate(listReturnPath("/specializations"));
          }}
        />
      </>
    );
  } else if (specialization.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("specializations.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/specializations")}>
          {t("specializations.edit.backToList")}
        </Anchor>
      </Alert>
    );
  } else {
    body = (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("specializations.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
