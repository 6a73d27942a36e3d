import { Anchor, List } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SessionStudent } from "../../../common/schemas/auth";
import { ProfileSection } from "./ProfileSection";

/**
 * A student's own records (spec.md §2: /profile/{id}/…, student only). The sidebar of spec.md §2 has no
 * entry for them, so the profile page is where a student finds them.
 */
export function StudentRecordsSection({ student }: { student: SessionStudent }) {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t("profile.records.title")}>
      <List spacing="xs">
        <List.Item>
          <Anchor component={Link} to={`/profile/${student.id}/inscriptions`}>
            {t("profile.records.inscriptions")}
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={`/profile/${student.id}/historic`}>
            {t("profile.records.historic")}
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={`/profile/${student.id}/payments`}>
            {t("profile.records.payments")}
          </Anchor>
        </List.Item>
      </List>
    </ProfileSection>
  );
}
