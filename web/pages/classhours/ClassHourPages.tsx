import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { formatTime } from "../../../common/dates/format";
import { useClassHour, useSaveClassHour } from "../../api/class-hours";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { ClassHourForm } from "./ClassHourForm";

/** /classhours/create. */
export function ClassHourCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveClassHour();
  useBreadcrumbs([
    { label: t("classHours.list.title"), to: listReturnPath("/classhours") },
    { label: t("classHours.create.title") },
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("classHours.create.title")}
      </Title>
      <ClassHourForm
        pending={save.isPending}
        onSubmit={async (payload) => {
          await save.mutateAsync({ payload });
          toast.success(t("classHours.create.success"));
          await navigate(listReturnPath("/classhours"));
        }}
      />
    </Stack>
  );
}

/** /classhours/:id/edit. */
export function ClassHourEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const hour = useClassHour(validId);
  const save = useSaveClassHour();
  const range = hour.data ? `${formatTime(hour.data.start_time)} – ${formatTime(hour.data.end_time)}` : "";
  useBreadcrumbs([
    { label: t("classHours.list.title"), to: listReturnPath("/classhours") },
    { label: range },
    { label: t("classHours.edit.title") },
  ]);

  let body: ReactNode;
  if (hour.data) {
    body = (
      <ClassHourForm
        key={hour.data.id}
        classHour={hour.data}
        pending={save.isPending}
        onSubmit={async (payload) => {
          await save.mutateAsync({ id: hour.data.id, payload });
          toast.success(t("classHours.edit.success"));
          await navigate(listReturnPath("/classhours"));
        }}
      />
    );
  } else if (hour.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("classHours.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/classhours")}>
          {t("classHours.edit.backToList")}
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
        {t("classHours.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
