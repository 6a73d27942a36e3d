import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useTeacher, useUpdateTeacher } from "../../api/teachers";
import { usePictureUrl } from "../../api/use-picture-url";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { TeacherForm } from "./TeacherForm";
import { teacherName } from "./teacher-columns";

/** /teachers/:id/edit (admin): breadcrumb "Profesores" > name > "Editar profesor". */
export function TeacherEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const teacher = useTeacher(validId);
  const pictureUrl = usePictureUrl(teacher.data?.profile_picture);
  const update = useUpdateTeacher();
  useBreadcrumbs([
    { label: t("teachers.list.title"), to: listReturnPath("/teachers") },
    {
      label: teacher.data ? teacherName(teacher.data) : "",
      ...(validId ? { to: `/teachers/${validId}` } : {}),
    },
    { label: t("teachers.edit.title") },
  ]);

  let body: ReactNode;
  if (teacher.data) {
    body = (
      <TeacherForm
        key={teacher.data.id}
        mode="edit"
        teacher={teacher.data}
        pictureUrl={pictureUrl}
        pending={update.isPending}
        onSubmit={async (payload) => {
          await update.mutateAsync({ id: teacher.data.id, payload });
          toast.success(t("teachers.edit.success"));
          await navigate(`/teachers/${teacher.data.id}`);
        }}
      />
    );
  } else if (teacher.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("teachers.detail.notFound")}>
        <Anchor component={Link} to={listReturnPath("/teachers")}>
          {t("teachers.detail.backToList")}
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
        {t("teachers.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
