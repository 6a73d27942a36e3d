import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useCourse, useCreateCourse, useUpdateCourse } from "../../api/courses";
import { listReturnPath, toast, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { CourseForm } from "./CourseForm";

/** /courses/make: creates a course (multipart), or updates one when `?update=ID` is set. */
export function CourseMakePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const updateParam = searchParams.get("update");
  const id = updateParam === null ? undefined : Number(updateParam);
  const editing = updateParam !== null;
  const validId = id !== undefined && Number.isInteger(id) && id > 0 ? id : undefined;
  const course = useCourse(validId);
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const title = editing ? t("courses.make.updateTitle") : t("courses.make.createTitle");
  useBreadcrumbs([{ label: t("courses.list.title"), to: listReturnPath("/courses") }, { label: title }]);

  let body: React.ReactNode;
  if (!editing) {
    body = (
      <CourseForm
        pending={create.isPending}
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
          toast.success(t("courses.make.created"));
          await navigate(listReturnPath("/courses"));
        }}
      />
    );
  } else if (course.data) {
    body = (
      <CourseForm
        key={course.data.id}
        course={course.data}
        pending={update.isPending}
        onSubmit={async (payload) => {
          await update.mutateAsync({ id: course.data.id, payload });
          toast.success(t("courses.make.updated"));
          await navigate(listReturnPath("/courses"));
        }}
      />
    );
  } else if (course.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("courses.make.notFound")}>
        <Anchor component={Link} to={listReturnPath("/courses")}>
          {t("courses.make.backToList")}
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
    </Stack>
  );
}
