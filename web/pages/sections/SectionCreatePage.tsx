import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCreateSection } from "../../api/sections";
import { listReturnPath, toast, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { SectionForm } from "./SectionForm";

/** /sections/create: creates the section and its course sections, then opens its detail. */
export function SectionCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const create = useCreateSection();
  const period = Number(searchParams.get("period_id"));
  useBreadcrumbs([
    { label: t("sections.list.title"), to: listReturnPath("/sections") },
    { label: t("sections.create.title") },
  ]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("sections.create.title")}
      </Title>
      <SectionForm
        initialPeriodId={Number.isInteger(period) && period > 0 ? period : null}
        pending={create.isPending}
        onSubmit={async (payload) => {
          const section = await create.mutateAsync(payload);
          toast.success(t("sections.create.success", { code: section.code }));
          await navigate(`/sections/${section.id}`);
        }}
      />
    </Stack>
  );
}
