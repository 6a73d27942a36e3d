import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type CreateDocumentPayload, useCreateDocument } from "../../api/documents";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { DocumentForm } from "./DocumentForm";

/** /documents/create (admin). */
export function DocumentCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDocument();
  useBreadcrumbs([
    { label: t("library.list.title"), to: listReturnPath("/documents") },
    { label: t("library.create.title") },
  ]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("library.create.title")}
      </Title>
      <DocumentForm
        pending={create.isPending}
        onSubmit={async (payload) => {
          await create.mutateAsync(payload as CreateDocumentPayload);
          toast.success(t("library.create.success"));
          await navigate(listReturnPath("/documents"));
        }}
      />
    </Stack>
  );
}
