import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCreateBinnacle } from "../../api/binnacles";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { BinnacleForm } from "./BinnacleForm";

/** /binnacles/create. */
export function BinnacleCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBinnacle();
  useBreadcrumbs([
    { label: t("binnacles.list.title"), to: listReturnPath("/binnacles") },
    { label: t("binnacles.create.title") },
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("binnacles.create.title")}
      </Title>
      <BinnacleForm
        pending={create.isPending}
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          toast.success(t("binnacles.create.success"));
          await navigate(listReturnPath("/binnacles"));
        }}
      />
    </Stack>
  );
}
