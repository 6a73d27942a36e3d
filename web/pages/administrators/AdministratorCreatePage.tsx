import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCreateAdministrator } from "../../api/administrators";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { AdministratorForm } from "./AdministratorForm";

/** /administrators/create: the new account gets the confirmation e-mail; then its detail opens. */
export function AdministratorCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAdministrator();
  useBreadcrumbs([
    { label: t("administrators.list.title"), to: listReturnPath("/administrators") },
    { label: t("administrators.create.title") },
  ]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("administrators.create.title")}
      </Title>
      <AdministratorForm
        mode="create"
        pending={create.isPending}
        onSubmit={async (payload) => {
          const account = await create.mutateAsync(payload);
          toast.success(t("administrators.create.success"));
          await navigate(`/administrators/${account.id}`);
        }}
      />
    </Stack>
  );
}
