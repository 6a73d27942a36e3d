import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useCreatePeriod, usePeriod, useUpdatePeriod } from "../../api/periods";
import { listReturnPath, toast, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { PeriodForm } from "./PeriodForm";
import { RefusalDialog } from "./RefusalDialog";
import { useRefusal } from "./use-refusal";

/** /periods/make: creates a period; with `?update=ID` edits that one. Admin only. */
export function PeriodFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const raw = searchParams.get("update");
  const updateId = raw !== null && /^[1-9]\d*$/.test(raw) ? Number(raw) : undefined;
  const editing = raw !== null;
  const period = usePeriod(updateId);
  const create = useCreatePeriod();
  const update = useUpdatePeriod();
  const refusal = useRefusal();
  const title = editing ? t("periods.edit.title") : t("periods.create.title");
  useBreadcrumbs([
    { label: t("periods.list.title"), to: listReturnPath("/periods") },
    ...(editing && period.data ? [{ label: period.data.name, to: `/periods/${period.data.id}` }] : []),
    { label: title },
  ]);

  let body: ReactNode;
  if (!editing) {
    body = (
      <PeriodForm
        pending={create.isPending}
        onSubmit={async (payload) => {
          let id = 0;
          const ok = await refusal.run(async () => {
            id = (await create.mutateAsync(payload)).id;
          });
          if (ok) {
            toast.success(t("periods.create.success"));
            await navigate(`/periods/${id}`);
          }
          return ok;
        }}
      />
    );
  } else if (period.data) {
    const current = period.data;
    body = (
      <PeriodForm
        key={current.id}
        period={current}
        pending={update.isPending}
        onSubmit={async (payload) => {
          const ok = await refusal.run(() => update.mutateAsync({ id: current.id, payload }));
          if (ok) {
            toast.success(t("periods.edit.success"));
            await navigate(`/periods/${current.id}`);
          }
          return ok;
        }}
      />
    );
  } else if (period.isError || updateId === undefined) {
    body = (
      <Alert color="yellow" title={t("periods.detail.notFound")}>
        <Anchor component={Link} to={listReturnPath("/periods")}>
          {t("periods.detail.backToList")}
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
        {title}
      </Title>
      {body}
      <RefusalDialog message={refusal.refusal} title={t("periods.refused.title")} onClose={refusal.close} />
    </Stack>
  );
}
