import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCreateClassroom } from "../../api/classrooms";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { ClassroomForm } from "./ClassroomForm";

/** /classrooms/create. */
export function ClassroomCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateClassroom();
  useBreadcrumbs([
    { label: t("classrooms.list.title"), to: listReturnPath("/classrooms") },
    { label: t("classrooms.create.title") },
  ]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("classrooms.create.title")}
      </Title>
      <ClassroomForm
        pending={create.isPending}
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          toast.success(t("classrooms.create.success"));
          await navigate(listReturnPath("/classrooms"));
        }}
      />
    </Stack>
  );
}
