import { Button, Group, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { updateUserBodySchema } from "../../../common/schemas/users";
import { useUpdateName } from "../../api/profile";
import { toast } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import type { SessionUser } from "../../session/types";
import { fullName } from "../../session/user";
import { useSession } from "../../session/useSession";
import { ProfileSection } from "./ProfileSection";
import { showServerErrors } from "./server-errors";

/**
 * spec.md §6: administrators change their name through the users resource; teachers and coordinators
 * through the teachers resource (a later module), so for them it is read-only; students cannot.
 */
export function NameSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { isAdminGroup, isTeacherGroup } = useSession();
  return (
    <ProfileSection title={t("profile.name.title")}>
      {isAdminGroup ? (
        <NameForm user={user} />
      ) : (
        <>
          <TextInput label={t("profile.name.label")} value={fullName(user)} readOnly />
          <Text size="sm" c="dimmed">
            {isTeacherGroup ? t("profile.name.teacherNote") : t("profile.name.studentNote")}
          </Text>
        </>
      )}
    </ProfileSection>
  );
}

function NameForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateName();
  const form = useForm({
    initialValues: { name: user.name },
    validate: (values) => zodErrors(updateUserBodySchema, values),
  });

  const submit = form.onSubmit(async ({ name }) => {
    try {
      const account = await update.mutateAsync({ id: user.id, name: name.trim() });
      form.setInitialValues({ name: account.name });
      form.setValues({ name: account.name });
      toast.success(t("profile.name.success"));
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label={t("profile.name.label")}
        withAsterisk
        maxLength={255}
        {...form.getInputProps("name")}
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={update.isPending}>
          {t("profile.name.submit")}
        </Button>
      </Group>
    </form>
  );
}
