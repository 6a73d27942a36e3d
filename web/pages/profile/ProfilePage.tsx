import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePictureUrl } from "../../api/use-picture-url";
import { Avatar } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { fullName, roleKey } from "../../session/user";
import { useUser } from "../../session/useSession";
import { EmailSection } from "./EmailSection";
import { NameSection } from "./NameSection";
import { PasswordSection } from "./PasswordSection";
import { PhotoSection } from "./PhotoSection";
import { StudentRecordsSection } from "./StudentRecordsSection";

/** /profile: who the user is, and the account changes spec.md §6 allows their role. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const pictureUrl = usePictureUrl(user.profile_picture);
  const name = fullName(user);
  useBreadcrumbs([{ label: t("profile.title") }]);

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Group gap="lg" wrap="nowrap">
          <Avatar src={pictureUrl} text={name} size={96} />
          <Stack gap={4}>
            <Title order={1} size="h3">
              {name}
            </Title>
            <Text c="dimmed">{user.email}</Text>
            <Group gap="xs">
              <Text size="sm">{t("profile.summary.role")}:</Text>
              <Badge variant="light">{t(roleKey(user))}</Badge>
            </Group>
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NameSection user={user} />
        <PhotoSection user={user} pictureUrl={pictureUrl} />
        <EmailSection user={user} />
        <PasswordSection user={user} />
        {user.student ? <StudentRecordsSection student={user.student} /> : null}
      </SimpleGrid>
    </Stack>
  );
}
