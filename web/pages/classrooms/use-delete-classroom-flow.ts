import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Classroom, isClassroomHasSchedules, useDeleteClassroom } from "../../api/classrooms";
import { describeApiError, isApiError } from "../../api/errors";
import { confirmAction, toast } from "../../components";

/**
 * Delete with confirmation (Sí/No), then a success toast; the `classroom_has_schedules` refusal goes to
 * `refusal` for a dialog (the HTTP client stays quiet for it). Other errors were shown by the client.
 */
export function useDeleteClassroomFlow() {
  const { t } = useTranslation();
  const mutation = useDeleteClassroom();
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async (classroom: Classroom) => {
    const confirmed = await confirmAction({
      title: t("classrooms.delete.title"),
      message: t("classrooms.delete.confirm", { code: classroom.code }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync(classroom.id);
      toast.success(t("classrooms.delete.success"));
    } catch (error) {
      if (isApiError(error) && isClassroomHasSchedules(error)) {
        setRefusal(error.description ?? describeApiError(error));
      }
    }
  };

  return { remove, pending: mutation.isPending, refusal, closeRefusal: () => setRefusal(null) };
}
