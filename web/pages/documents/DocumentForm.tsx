import { Button, FileInput, Group, Input, Paper, Select, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconFileUpload } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  createDocumentSchema,
  DOCUMENT_COVER_MAX_BYTES,
  DOCUMENT_FILE_MAX_BYTES,
  documentCoverAccept,
  documentFileAccept,
} from "../../../common/schemas/documents";
import { validationMessage } from "../../../common/validation/messages";
import {
  type CreateDocumentPayload,
  type LibraryDocument,
  type UpdateDocumentPayload,
  useDocumentCover,
  useDocumentSemesters,
} from "../../api/documents";
import { useServerFormErrors } from "../../api/field-errors";
import { useSpecializationOptions } from "../../api/specializations";
import {
  CountedTextarea,
  CountedTextInput,
  listReturnPath,
  PhotoSelector,
  useUnsavedChanges,
} from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import { validationLanguage } from "../../i18n";

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;

type Values = {
  title: string;
  description: string;
  /** Select values are ids as text; "" for none. */
  specialization_id: string;
  semester_id: string;
  course_id: string;
  file: File | null;
  cover_picture: File | null;
  /** The saved cover was removed (edit). */
  remove_cover_picture: boolean;
};

const idOrNull = (value: string) => (value === "" ? null : Number(value));

function toValues(doc?: LibraryDocument): Values {
  return {
    title: doc?.title ?? "",
    description: doc?.description ?? "",
    specialization_id: doc?.specialization_id ? String(doc.specialization_id) : "",
    semester_id: doc?.semester_id ? String(doc.semester_id) : "",
    course_id: doc?.course_id ? String(doc.course_id) : "",
    file: null,
    cover_picture: null,
    remove_cover_picture: false,
  };
}

function toDraft(values: Values) {
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    specialization_id: idOrNull(values.specialization_id),
    semester_id: idOrNull(values.semester_id),
    course_id: idOrNull(values.course_id),
  };
}

const coverTypes = documentCoverAccept.split(",");

/** The server's own message for a file over its limit ("… no debe ser mayor que 51200 kilobytes."). */
const tooLarge = (field: string, bytes: number) =>
  validationMessage("max", field, { kind: "file", max: bytes / 1024 }, validationLanguage());

/** The saved cover of the document being edited, as an object URL (it is served only with the token). */
function useSavedCover(doc: LibraryDocument | undefined): string | null {
  const cover = useDocumentCover(doc?.cover_picture ?? null, true);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!cover.data || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(cover.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [cover.data]);
  return url;
}

type Props = {
  /** The document being edited; a new one when absent. */
  document?: LibraryDocument;
  pending: boolean;
  /** Sends the payload; rejects when the server refused it (the client already showed why). */
  onSubmit: (payload: CreateDocumentPayload | UpdateDocumentPayload) => Promise<unknown>;
};

/**
 * Create and edit form of a library document: title, description, the file (required when creating),
 * the cover with its preview, and specialization → semester → course selects that narrow each other
 * (a semester of the chosen specialization's pensums, a course of the chosen semester). A file or
 * cover the library would refuse (too large, not a JPEG/PNG/WebP picture) is refused here at once and
 * leaves no preview; the server checks them again by content.
 */
export function DocumentForm({ document: doc, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const editing = doc !== undefined;
  const form = useForm<Values>({
    initialValues: toValues(doc),
    validate: (values) => {
      const errors = zodErrors(createDocumentSchema, toDraft(values));
      if (!editing && !values.file)
        errors.file = validationMessage("required", "file", {}, validationLanguage());
      return errors;
    },
    validateInputOnBlur: ["title", "description"],
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());
  const savedCover = useSavedCover(doc);

  const specializations = useSpecializationOptions();
  const specializationId = idOrNull(form.values.specialization_id);
  const semesters = useDocumentSemesters(specializationId);
  const semesterOptions = useMemo(
    () =>
      (semesters.data ?? []).map((s) => ({
        value: String(s.id),
        label: t("library.form.semesterOption", { number: s.number, code: s.code }),
      })),
    [semesters.data, t],
  );
  const chosenSemester = semesters.data?.find((s) => String(s.id) === form.values.semester_id);
  const courseOptions = (chosenSemester?.courses ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.code} ${c.title}`,
  }));

  const chooseFile = (file: File | null) => {
    if (file && file.size > DOCUMENT_FILE_MAX_BYTES) {
      form.setFieldValue("file", null);
      form.setFieldError("file", tooLarge("file", DOCUMENT_FILE_MAX_BYTES));
      return;
    }
    form.setFieldValue("file", file);
    form.clearFieldError("file");
  };

  const chooseCover = (file: File | null) => {
    setCoverRefusal(null);
    if (file && (!coverTypes.includes(file.type) || file.size > DOCUMENT_COVER_MAX_BYTES)) {
      form.setFieldValue("cover_picture", null);
      form.setFieldError(
        "cover_picture",
        file.size > DOCUMENT_COVER_MAX_BYTES
          ? tooLarge("cover_picture", DOCUMENT_COVER_MAX_BYTES)
          : validationMessage("mimes", "cover_picture", { values: "jpeg, png, webp" }, validationLanguage()),
      );
      return;
    }
    form.clearFieldError("cover_picture");
    form.setFieldValue("cover_picture", file);
    if (!file && savedCover) form.setFieldValue("remove_cover_picture", true);
  };

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    const draft = createDocumentSchema.parse(toDraft(values));
    try {
      await onSubmit({
        ...draft,
        ...(values.file ? { file: values.file } : {}),
        ...(values.cover_picture ? { cover_picture: values.cover_picture } : {}),
        ...(editing && values.remove_cover_picture && !values.cover_picture
          ? { remove_cover_picture: true }
          : {}),
      } as CreateDocumentPayload);
    } catch {
      // the HTTP client showed the notice and stored the field errors
      unsaved.allowLeaving(false);
    }
  });

  // A cover the server refused leaves no preview behind.
  // A cover the server refused leaves no preview behind, only the reason (kept apart: clearing the
  // chosen file clears the form's own error for it).
  const [coverRefusal, setCoverRefusal] = useState<string | null>(null);
  const { errors, values, setFieldValue } = form;
  useEffect(() => {
    const refusal = errors.cover_picture;
    if (!refusal || !values.cover_picture) return;
    setCoverRefusal(String(refusal));
    setFieldValue("cover_picture", null);
  }, [errors.cover_picture, values.cover_picture, setFieldValue]);

  const coverValue = form.values.cover_picture ?? (form.values.remove_cover_picture ? null : savedCover);
  const coverError = form.errors.cover_picture ?? coverRefusal;

  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CountedTextInput
            label={t("library.fields.title")}
            withAsterisk
            maxLength={TITLE_MAX}
            {...form.getInputProps("title")}
          />
          <CountedTextarea
            label={t("library.fields.description")}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            {...form.getInputProps("description")}
          />
          <FileInput
            label={t("library.fields.file")}
            withAsterisk={!editing}
            placeholder={t("library.form.chooseFile")}
            description={
              editing && doc
                ? `${t("library.form.currentFile", { type: doc.file_extension.toUpperCase() })} ${t("library.form.fileHint")}`
                : t("library.form.fileHint")
            }
            accept={documentFileAccept}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            clearable
            clearButtonProps={{ "aria-label": t("library.form.clearFile") }}
            value={form.values.file}
            onChange={chooseFile}
            error={form.errors.file}
          />
          <Input.Wrapper
            label={t("library.fields.cover")}
            description={t("library.form.coverHint")}
            error={coverError}
          >
            <PhotoSelector
              value={coverValue}
              onChange={chooseCover}
              accept={documentCoverAccept}
              size={120}
            />
          </Input.Wrapper>
          <Stack gap={4}>
            <Text fw={500} size="sm">
              {t("library.form.placement")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("library.form.placementHint")}
            </Text>
          </Stack>
          <Select
            label={t("library.fields.specialization")}
            placeholder={t("library.form.noSpecialization")}
            data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
            clearable
            clearButtonProps={{ "aria-label": t("library.form.clearSpecialization") }}
            searchable
            value={form.values.specialization_id || null}
            onChange={(value) => {
              form.setFieldValue("specialization_id", value ?? "");
              form.setFieldValue("semester_id", "");
              form.setFieldValue("course_id", "");
            }}
            error={form.errors.specialization_id}
          />
          <Select
            label={t("library.fields.semester")}
            placeholder={t("library.form.allSemesters")}
            data={semesterOptions}
            clearable
            clearButtonProps={{ "aria-label": t("library.form.clearSemester") }}
            disabled={specializationId === null}
            value={form.values.semester_id || null}
            onChange={(value) => {
              form.setFieldValue("semester_id", value ?? "");
              form.setFieldValue("course_id", "");
            }}
            error={form.errors.semester_id}
          />
          <Select
            label={t("library.fields.course")}
            placeholder={t("library.form.allCourses")}
            data={courseOptions}
            clearable
            clearButtonProps={{ "aria-label": t("library.form.clearCourse") }}
            searchable
            disabled={!chosenSemester}
            value={form.values.course_id || null}
            onChange={(value) => form.setFieldValue("course_id", value ?? "")}
            error={form.errors.course_id}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/documents")}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      {unsaved.dialog}
    </Paper>
  );
}
