import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCreateSpecialization } from "../../api/specializations";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { SpecializationForm } from "./SpecializationForm";

/** /specializations/create. */
export function SpecializationCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSpecialization();
  useBreadcrumbs([
    { label: t("specializations.list.title"), to: listReturnPath("/specializations") },
    { label: t("specializations.create.title") },
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("specializations.create.title")}
      </Title>
      <SpecializationForm
        pending={create.isPending}
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          toast.success(t("specializations.create.success"));
          await navigate(listReturnPath("/specializations"));
        }}
      />
    </Stack>
  );
}
