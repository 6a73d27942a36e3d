import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Course, isCourseRefusal, useDeleteCourse } from "../../api/courses";
import { describeApiError, isApiError } from "../../api/errors";
import { confirmAction, toast } from "../../components";

/** Delete with Sí/No first; `course_has_pensums` / `course_has_sections` go to a dialog with the reason. */
export function useDeleteCourseFlow() {
  const { t } = useTranslation();
  const mutation = useDeleteCourse();
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = async (course: Course) => {
    const ok = await confirmAction({
      title: t("courses.delete.title"),
      message: t("courses.delete.confirm", { code: course.code }),
      danger: true,
    });
    if (!ok) return;
    try {
      await mutation.mutateAsync(course.id);
      toast.success(t("courses.delete.success"));
    } catch (error) {
      if (isApiError(error) && isCourseRefusal(error))
        setRefusal(error.description ?? describeApiError(error));
    }
  };
  return { remove, pending: mutation.isPending, refusal, closeRefusal: () => setRefusal(null) };
}
