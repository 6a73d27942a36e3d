import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { profilePictureMimes } from "../../../common/schemas/users";
import { isApiError } from "../../api/errors";
import { firstMessages } from "../../api/field-errors";
import { useRemovePicture, useUploadPicture } from "../../api/profile";
import { confirmAction, PhotoSelector, toast } from "../../components";
import type { SessionUser } from "../../session/types";
import { ProfileSection } from "./ProfileSection";

/**
 * Choose a picture, then save it (the upload is not cancellable). "Remover foto" drops a chosen file, or
 * after a confirmation removes the saved picture.
 */
export function PhotoSection({ user, pictureUrl }: { user: SessionUser; pictureUrl: string | null }) {
  const { t } = useTranslation();
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const change = async (next: File | null) => {
    setError(null);
    if (next || file) {
      setFile(next);
      return;
    }
    if (!(await confirmAction({ message: t("profile.photo.removeConfirm"), danger: true }))) return;
    try {
      await remove.mutateAsync(user.id);
      toast.success(t("profile.photo.success"));
    } catch {
      // shown by the HTTP client
    }
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync({ id: user.id, file });
      setFile(null);
      toast.success(t("profile.photo.success"));
    } catch (err) {
      if (!isApiError(err) || err.kind !== "http") return;
      // A refused picture leaves no preview behind: back to the saved one, with the reason.
      setFile(null);
      if (err.errors) setError(firstMessages(err.errors).profile_picture ?? null);
      else if (err.description) setError(err.description);
    }
  };

  return (
    <ProfileSection title={t("profile.photo.title")}>
      <PhotoSelector
        value={file ?? pictureUrl}
        onChange={(next) => void change(next)}
        accept={profilePictureMimes.join(",")}
        disabled={busy}
      />
      <Text size="xs" c={error ? "red" : "dimmed"} role={error ? "alert" : undefined}>
        {error ?? t("profile.photo.hint")}
      </Text>
      {file && (
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={upload.isPending}>
            {t("profile.photo.submit")}
          </Button>
        </Group>
      )}
    </ProfileSection>
  );
}
