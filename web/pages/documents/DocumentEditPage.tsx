import { Alert, Anchor, Center, Loader, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useDocument, useUpdateDocument } from "../../api/documents";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { DocumentForm } from "./DocumentForm";

/** /documents/:id/edit (admin): breadcrumb "Biblioteca virtual" > title > "Editar documento". */
export function DocumentEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const doc = useDocument(validId);
  const update = useUpdateDocument();
  useBreadcrumbs([
    { label: t("library.list.title"), to: listReturnPath("/documents") },
    { label: doc.data?.title ?? "" },
    { label: t("library.edit.title") },
  ]);

  let body: ReactNode;
  if (doc.data) {
    body = (
      <DocumentForm
        key={doc.data.id}
        document={doc.data}
        pending={update.isPending}
        onSubmit={async (payload) => {
          await update.mutateAsync({ id: doc.data.id, payload });
          toast.success(t("library.edit.success"));
          await navigate(listReturnPath("/documents"));
        }}
      />
    );
  } else if (doc.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("library.edit.notFound")}>
        <Anchor component={Link} to={listReturnPath("/documents")}>
          {t("library.edit.backToList")}
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
        {t("library.edit.title")}
      </Title>
      {body}
    </Stack>
  );
}
