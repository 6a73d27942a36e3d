import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCreateTeacher } from "../../api/teachers";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { TeacherForm } from "./TeacherForm";

/** /teachers/create (admin): the account gets the confirmation e-mail; then the teacher's page opens. */
export function TeacherCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTeacher();
  useBreadcrumbs([
    { label: t("teachers.list.title"), to: listReturnPath("/teachers") },
    { label: t("teachers.create.title") },
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("teachers.create.title")}
      </Title>
      <TeacherForm
        mode="create"
        pending={create.isPending}
        onSubmit={async (payload) => {
          const teacher = await create.mutateAsync(payload);
          toast.success(t("teachers.create.success"));
          await navigate(`/teachers/${teacher.id}`);
        }}
      />
    </Stack>
  );
}
