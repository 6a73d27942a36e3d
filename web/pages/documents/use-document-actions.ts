import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type LibraryDocument, useDeleteDocument } from "../../api/documents";
import { downloadFile } from "../../api/download";
import { confirmAction, toast } from "../../components";

/** The file's download name: the title (without characters a file system refuses) and its type. */
export const downloadName = (doc: LibraryDocument) =>
  `${doc.title.replace(/[\\/:*?"<>|]+/g, " ").trim() || "documento"}.${doc.file_extension}`;

/**
 * Download (through the API with the session's token: the file is never in a public folder) and delete
 * with confirmation (Sí/No), each with its message.
 */
export function useDocumentActions() {
  const { t } = useTranslation();
  const deletion = useDeleteDocument();
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (doc: LibraryDocument) => {
    setDownloading(doc.id);
    try {
      await downloadFile(doc.file_url, { filename: downloadName(doc), accept: "*/*" });
    } catch {
      toast.error(t("library.list.downloadFailed"));
    } finally {
      setDownloading(null);
    }
  };

  const remove = async (doc: LibraryDocument) => {
    const confirmed = await confirmAction({
      title: t("library.delete.title"),
      message: t("library.delete.confirm", { title: doc.title }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(doc.id);
      toast.success(t("library.delete.success"));
    } catch {
      // the HTTP client showed why
    }
  };

  return { download, downloading, remove, deleting: deletion.isPending };
}
