import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useBinnacle, useUpdateBinnacle } from "../../api/binnacles";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { BinnacleForm } from "./BinnacleForm";

/** /binnacles/:id/edit: breadcrumb "Bitácoras" > subject > "Editar bitácora". */
export function BinnacleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const binnacle = useBinnacle(validId);
  const update = useUpdateBinnacle();
  useBreadcrumbs([
    { label: t("binnacles.list.title"), to: listReturnPath("/binnacles") },
    { label: binnacle.data?.subject ?? "" },
    { label: t("binnacles.edit.title") },
  ]);

  let body: ReactNode;
  if (binnacle.data) {
    const current = binnacle.data;
    body = (
      <BinnacleForm
        key={current.id}
        binnacle={current}
        pending={update.isPending}
        onSubmit={async ({ student_id: _student, ...payload }) => {
          await update.mutateAsync({ id: current.id, payload });
          toast.success(t("binnacles.edit.success"));
          await navigate(listReturnPath("/binnacles"));
        }}
      />
    );
  } else if (binnacle.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("binnacles.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/binnacles")}>
          {t("binnacles.edit.backToList")}
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
        {t("binnacles.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
