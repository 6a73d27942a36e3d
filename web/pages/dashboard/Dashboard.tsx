import { Stack } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isAdmin, isAdminGroup, isCoordinator, isStudent, isTeacher } from "../../../common/roles";
import {
  useCoordinatorDashboard,
  useDashboardIndex,
  useSchoolSetup,
  useTeacherDashboard,
} from "../../api/dashboard";
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
export function Dashboard({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const settled = useDashboardSettled(user.type);
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
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

/**
 * Whether every query of the role's dashboard has answered (or failed): the same queries the parts
 * read, so no request is added. The page shows what follows the dashboard only then, so nothing on
 * screen is pushed down when the numbers arrive.
 */
function useDashboardSettled(type: number) {
  const coordinator = isCoordinator(type);
  const index = useDashboardIndex(isAdminGroup(type) || isStudent(type));
  const coordinatorQuery = useCoordinatorDashboard(coordinator);
  const teacher = useTeacherDashboard(coordinator || isTeacher(type));
  const setup = useSchoolSetup(isAdmin(type));
  const queries = [
    [isAdminGroup(type) || isStudent(type), index],
    [isAdmin(type), setup],
    [coordinator, coordinatorQuery],
    [coordinator || isTeacher(type), teacher],
  ] as const;
  return queries.every(([enabled, query]) => !enabled || !query.isPending);
}
