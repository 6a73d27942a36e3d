import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useCreateFinalDelivery, useDeliveryCourseSections } from "../../api/final-deliveries";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { courseSectionLabel, FinalDeliveryForm } from "./FinalDeliveryForm";

const idOf = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /final-deliveries/create, and /sections/:section_id/courses/:course_id/create-final-delivery (the
 * course section chosen already). After saving, the delivery's page (to add the jury).
 */
export function FinalDeliveryCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const sectionId = idOf(params.section_id);
  const courseId = idOf(params.course_id);
  const fixed = sectionId !== undefined && courseId !== undefined;
  const preset = useDeliveryCourseSections("", sectionId, courseId);
  const create = useCreateFinalDelivery();
  useBreadcrumbs([
    { label: t("finalDeliveries.list.title"), to: listReturnPath("/final-deliveries") },
    { label: t("finalDeliveries.create.title") },
  ]);
  const found = fixed ? preset.data?.[0] : undefined;
  const ready = !fixed || preset.data !== undefined;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("finalDeliveries.create.title")}
      </Title>
      {ready ? (
        <FinalDeliveryForm
          key={found?.id ?? "new"}
          {...(found ? { preset: { id: found.id, label: courseSectionLabel(found) } } : {})}
          pending={create.isPending}
          onSubmit={async (payload) => {
            const created = await create.mutateAsync(payload);
            toast.success(t("finalDeliveries.create.success"));
            await navigate(`/final-deliveries/${created.id}`);
          }}
        />
      ) : null}
    </Stack>
  );
}
