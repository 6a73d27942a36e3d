import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isAdminGroup, isCoordinator, isStudent, isTeacher } from "../../../common/roles";
import { useUser } from "../../session/useSession";
import { AdminHome } from "./AdminHome";
import { CoordinatorHome } from "./CoordinatorHome";
import { StudentHome } from "./StudentHome";
import { TeacherHome } from "./TeacherHome";

/**
 * The dashboard of /home (spec.md §7 "Dashboards"), by role: the school's numbers for the administration,
 * a coordinator's specialization and supervised teachers (then their own teaching), a teacher's classes,
 * a student's courses. Each number is a link to the list it counts.
 */
export function Dashboard() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <section aria-label={t("dashboard.title")}>
      {isAdminGroup(user.type) && <AdminHome />}
      {isStudent(user.type) && <StudentHome studentId={user.student?.id ?? null} />}
      {isCoordinator(user.type) && (
        <Stack gap="xl">
          <CoordinatorHome />
          <TeacherHome title={t("dashboard.teacher.ownTeaching")} />
        </Stack>
      )}
      {isTeacher(user.type) && <TeacherHome />}
    </section>
  );
}
