import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useClassroom, useUpdateClassroom } from "../../api/classrooms";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { ClassroomForm } from "./ClassroomForm";

/** /classrooms/:id/edit: breadcrumb "Listado de aulas" > code > "Editar aula". */
export function ClassroomEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const classroom = useClassroom(validId);
  const update = useUpdateClassroom();
  useBreadcrumbs([
    { label: t("classrooms.list.title"), to: listReturnPath("/classrooms") },
    { label: classroom.data?.code ?? "" },
    { label: t("classrooms.edit.title") },
  ]);

  let body: ReactNode;
  if (classroom.data) {
    body = (
      <ClassroomForm
        key={classroom.data.id}
        classroom={classroom.data}
        pending={update.isPending}
        onSubmit={async (payload) => {
          await update.mutateAsync({ id: classroom.data.id, payload });
          toast.success(t("classrooms.edit.success"));
          await navigate(listReturnPath("/classrooms"));
        }}
      />
    );
  } else if (classroom.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("classrooms.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/classrooms")}>
          {t("classrooms.edit.backToList")}
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
        {t("classrooms.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
