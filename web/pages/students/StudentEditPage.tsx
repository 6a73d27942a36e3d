import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { profileApi } from "../../api/profile";
import { isStaleRecord } from "../../api/stale";
import { useUpdateStudent } from "../../api/students";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { StudentForm } from "./StudentForm";
import { useStudentPage } from "./useStudentPage";

/** /students/:student/edit: breadcrumb "Estudiantes" > name > "Editar estudiante". */
export function StudentEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, student } = useStudentPage();
  const update = useUpdateStudent();
  // Bumped when a save was refused as stale: the form is filled again from the current record.
  const [reloads, setReloads] = useState(0);
  const upload = useMutation({
    mutationFn: ({ userId, file }: { userId: number; file: File }) => profileApi.uploadPicture(userId, file),
  });
  useBreadcrumbs([
    { label: t("students.list.title"), to: listReturnPath("/students") },
    { label: student.data?.full_name ?? "", to: id ? `/students/${id}` : undefined },
    { label: t("students.edit.title") },
  ]);

  let body: ReactNode;
  if (student.data) {
    const s = student.data;
    body = (
      <StudentForm
        key={`${s.id}-${reloads}`}
        student={s}
        cancelTo={`/students/${s.id}`}
        pending={update.isPending || upload.isPending}
        onSubmit={async (payload, photo) => {
          try {
            await update.mutateAsync({ id: s.id, payload });
          } catch (error) {
            // Someone saved this student since the form was filled: the toast says so; show their values.
            if (isStaleRecord(error)) {
              await student.refetch();
              setReloads((n) => n + 1);
            }
            throw error;
          }
          if (photo) await upload.mutateAsync({ userId: s.user_id, file: photo });
          toast.success(t("students.edit.success"));
          await student.refetch();
          await navigate(`/students/${s.id}`);
        }}
      />
    );
  } else if (student.isError || id === undefined) {
    body = (
      <Alert color="yellow" title={t("students.profile.notFound")}>
        <Anchor component={Link} to={listReturnPath("/students")}>
          {t("students.profile.backToList")}
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
        {t("students.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
