import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useActivity, useSaveActivity } from "../../api/activities";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { ActivityForm } from "./ActivityForm";

/** /activities/create. */
export function ActivityCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveActivity();
  useBreadcrumbs([
    { label: t("activities.list.title"), to: listReturnPath("/activities") },
    { label: t("activities.create.title") },
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("activities.create.title")}
      </Title>
      <ActivityForm
        pending={save.isPending}
        onSubmit={async (payload) => {
          await save.mutateAsync({ payload });
          toast.success(t("activities.create.success"));
          await navigate(listReturnPath("/activities"));
        }}
      />
    </Stack>
  );
}

/** /activities/:id/edit. */
export function ActivityEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const activity = useActivity(validId);
  const save = useSaveActivity();
  useBreadcrumbs([
    { label: t("activities.list.title"), to: listReturnPath("/activities") },
    { label: activity.data?.title ?? "" },
    { label: t("activities.edit.title") },
  ]);

  let body: ReactNode;
  if (activity.data) {
    body = (
      <ActivityForm
        key={activity.data.id}
        activity={activity.data}
        pending={save.isPending}
        onSubmit={async (payload) => {
          await save.mutateAsync({ id: activity.data.id, payload });
          toast.success(t("activities.edit.success"));
          await navigate(listReturnPath("/activities"));
        }}
      />
    );
  } else if (activity.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("activities.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/activities")}>
          {t("activities.edit.backToList")}
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
        {t("activities.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
