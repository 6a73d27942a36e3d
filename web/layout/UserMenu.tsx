import { Group, Menu, Text, UnstyledButton } from "@mantine/core";
import {
  IconCheck,
  IconChevronDown,
  IconDatabaseExport,
  IconHistory,
  IconLanguage,
  IconLogout,
  IconUser,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { access } from "../../common/access";
import { hasRole } from "../../common/roles";
import { type Language, languages, setLanguage } from "../i18n";
import { useLogout } from "../session/useLogout";
import { fullName, truncate } from "../session/user";
import { useUser } from "../session/useSession";
import { UserAvatar } from "./UserAvatar";

/** spec.md §2: the header shows the user's name cut at 16 characters. */
export const HEADER_NAME_MAX = 16;

/** Header user menu: Perfil, language, Cerrar sesión. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = fullName(user);
  return (
    // No focus placeholder: a role="presentation" child is not allowed inside role="menu" (axe).
    <Menu position="bottom-end" width={220} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={t("layout.userMenu.open")} title={name}>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar user={user} />
            <Text size="sm" fw={500} visibleFrom="xs" data-testid="header-user-name" title={name}>
              {truncate(name, HEADER_NAME_MAX)}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => void navigate("/profile")}>
          {t("layout.userMenu.profile")}
        </Menu.Item>
        {hasRole(user.type, access.auditLog) && (
          <Menu.Item
            leftSection={<IconHistory size={16} aria-hidden />}
            onClick={() => void navigate("/audit-log")}
          >
            {t("layout.userMenu.auditLog")}
          </Menu.Item>
        )}
        {hasRole(user.type, access.backups) && (
          <Menu.Item
            leftSection={<IconDatabaseExport size={16} aria-hidden />}
            onClick={() => void navigate("/backups")}
          >
            {t("layout.userMenu.backups")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>
          <Group gap={6}>
            <IconLanguage size={14} aria-hidden />
            {t("layout.userMenu.language")}
          </Group>
        </Menu.Label>
        {languages.map((lang: Language) => (
          <Menu.Item
            key={lang}
            onClick={() => setLanguage(lang)}
            rightSection={i18n.language === lang ? <IconCheck size={14} aria-hidden /> : null}
          >
            {t(`layout.userMenu.languages.${lang}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red.9"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void logout()}
        >
          {t("layout.userMenu.logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
