import { Alert, Button, FileInput, Group, Paper, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications as toasts } from "@mantine/notifications";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../api/errors";
import {
  useNotificationAudiences,
  useNotificationReceivers,
  useSendNotification,
} from "../../api/notification-compose";
import { confirmAction } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";

/** Audiences that reach many people at once: sending asks for confirmation first. */
const MANY = new Set([1, 2, 3, 4, 5]);
/** Largest attachment (the server's limit). */
const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * /notifications/create: the audiences of spec.md §9 the caller may use (the administration any,
 * teachers and coordinators one person or their own sections), the text, an optional attachment.
 */
export function NotificationCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBreadcrumbs([
    { label: t("notifications.list.title"), to: "/notifications" },
    { label: t("notifications.create.title") },
  ]);
  const audiences = useNotificationAudiences();
  const send = useSendNotification();
  const [type, setType] = useState<string | null>(null);
  const [content, setContent] = useState("");
  const [receiver, setReceiver] = useState<string | null>(null);
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [courseSectionId, setCourseSectionId] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const typeNumber = type ? Number(type) : null;
  const receivers = useNotificationReceivers(debounced, typeNumber === 7);

  const types = audiences.data?.types ?? [];
  const typeOptions = types.map((value) => ({
    value: String(value),
    label: t(`notifications.audiences.${value}.label`),
  }));
  const receiverOptions = useMemo(
    () =>
      (receivers.data ?? []).map((u) => ({
        value: String(u.id),
        label: `${u.name ?? u.email} (${u.email})`,
      })),
    [receivers.data],
  );
  const sectionOptions = (audiences.data?.sections ?? []).map((s) => ({
    value: String(s.id),
    label: t("notifications.create.sectionOption", { code: s.code, count: s.students }),
  }));
  const courseSectionOptions = (audiences.data?.course_sections ?? []).map((c) => ({
    value: String(c.id),
    label: t("notifications.create.courseSectionOption", {
      course: c.course_name,
      section: c.section_code,
      count: c.students,
    }),
  }));
  const receiverText = typeNumber ? t(`notifications.audiences.${typeNumber}.receivers`, "") : "";

  const validate = () => {
    const next: Record<string, string> = {};
    if (!typeNumber) next.type = t("notifications.create.required");
    if (!content.trim()) next.content = t("notifications.create.required");
    if (typeNumber === 7 && !receiver) next.receiver_user_id = t("notifications.create.required");
    if (typeNumber === 8 && !sectionId) next.section_id = t("notifications.create.required");
    if (typeNumber === 9 && !courseSectionId) next.course_section_id = t("notifications.create.required");
    if (attachment && attachment.size > ATTACHMENT_MAX_BYTES)
      next.attachment = t("notifications.create.tooLarge");
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validate() || !typeNumber) return;
    if (
      MANY.has(typeNumber) &&
      !(await confirmAction({
        title: t("notifications.create.confirmTitle"),
        message: t("notifications.create.confirmMessage", {
          audience: t(`notifications.audiences.${typeNumber}.label`),
        }),
      }))
    )
      return;
    try {
      const sent = await send.mutateAsync({
        type: typeNumber,
        content,
        receiver_user_id: receiver ? Number(receiver) : null,
        section_id: sectionId ? Number(sectionId) : null,
        course_section_id: courseSectionId ? Number(courseSectionId) : null,
        attachment,
      });
      toasts.show({
        color: "green",
        message: t("notifications.create.sent", { count: sent.receivers }),
      });
      void navigate("/notifications");
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        const next: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.errors))
          next[field] = String(messages?.[0] ?? "");
        setErrors(next);
      }
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h3">
        {t("notifications.create.title")}
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Select
            label={t("notifications.create.audience")}
            placeholder={t("notifications.create.audiencePlaceholder")}
            data={typeOptions}
            value={type}
            onChange={(value) => {
              setType(value);
              setErrors({});
            }}
            required
            error={errors.type}
            disabled={audiences.isLoading}
          />
          {receiverText && (
            <Text size="sm" c="dimmed" data-testid="receiver-text">
              {t("notifications.create.receiversLabel")} {receiverText}
            </Text>
          )}
          {typeNumber === 7 && (
            <Select
              label={t("notifications.audiences.7.label")}
              placeholder={t("notifications.create.userPlaceholder")}
              searchable
              data={receiverOptions}
              value={receiver}
              onChange={setReceiver}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              nothingFoundMessage={t("notifications.create.nobody")}
              required
              error={errors.receiver_user_id}
            />
          )}
          {typeNumber === 8 && (
            <Select
              label={t("notifications.audiences.8.label")}
              placeholder={t("notifications.create.sectionPlaceholder")}
              searchable
              data={sectionOptions}
              value={sectionId}
              onChange={setSectionId}
              nothingFoundMessage={t("notifications.create.nothing")}
              required
              error={errors.section_id}
            />
          )}
          {typeNumber === 9 && (
            <Select
              label={t("notifications.audiences.9.label")}
              placeholder={t("notifications.create.courseSectionPlaceholder")}
              searchable
              data={courseSectionOptions}
              value={courseSectionId}
              onChange={setCourseSectionId}
              nothingFoundMessage={t("notifications.create.nothing")}
              required
              error={errors.course_section_id}
            />
          )}
          <Textarea
            label={t("notifications.fields.content")}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            rows={5}
            maxLength={5000}
            required
            error={errors.content}
          />
          <FileInput
            label={t("notifications.create.attachment")}
            description={t("notifications.create.attachmentHint")}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            accept="application/pdf,image/png,image/jpeg,image/webp,.docx,.xlsx"
            value={attachment}
            onChange={setAttachment}
            clearable
            error={errors.attachment}
          />
          {types.length === 0 && !audiences.isLoading && (
            <Alert color="yellow">{t("notifications.create.noAudiences")}</Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/notifications">
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              {t("notifications.create.send")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
