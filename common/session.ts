import { type AccessRule, access } from "./access.js";
import {
  hasRole,
  isAdmin,
  isAdminGroup,
  isCoordinator,
  isLowAdmin,
  isStudent,
  isTeacher,
  isTeacherGroup,
} from "./roles.js";
import type { SessionUser } from "./schemas/auth.js";

export type {
  LatestInscription,
  LoginResponse,
  SessionPerson,
  SessionStudent,
  SessionTeacher,
  SessionUser,
} from "./schemas/auth.js";

/**
 * Named permissions of the session user (spec.md §3 "permissions"), each one an access rule of
 * common/access.ts: the login answer carries `{ name: boolean }` and the web app asks `can(user, name)`.
 */
export const permissionRules = {
  "administrators.read": "adminOnly",
  "administrators.write": "adminOnly",
  "users.write": "adminOnly",
  "classrooms.read": "adminGroup",
  "classrooms.write": "adminOnly",
  "class_hours.read": "adminGroup",
  "class_hours.write": "adminOnly",
  "courses.read": "adminGroup",
  "courses.write": "adminOnly",
  "pensums.read": "adminGroup",
  "pensums.write": "adminOnly",
  "periods.read": "adminGroup",
  "periods.write": "adminOnly",
  /** The period selectors (GET /periods): the admin group and coordinators. */
  "periods.choose": "periodChoice",
  "payments.read": "adminGroup",
  "payments.write": "adminOnly",
  "inscriptions.read": "adminGroup",
  "inscriptions.write": "adminOnly",
  "schedules.read": "adminGroup",
  "schedules.write": "adminOnly",
  "schedules.own": "mySchedule",
  "sections.read": "sectionsMenu",
  "sections.write": "adminOnly",
  "specializations.read": "adminGroup",
  "specializations.write": "adminOnly",
  "students.read": "studentsList",
  "students.write": "adminOnly",
  "students.history": "studentHistory",
  "teachers.read": "teachersList",
  "teachers.write": "adminOnly",
  "teachers.supervision": "teacherSupervision",
  "lessons.read": "lessonsList",
  "lessons.write": "lessonDetail",
  "binnacles.write": "binnaclesWrite",
  "final_deliveries.write": "finalDeliveriesWrite",
  "document_requests.read": "documentRequests",
  "documents.write": "adminOnly",
  "activities.write": "adminOnly",
  "withdrawals.write": "adminOnly",
  "profile.update": "profileUpdate",
  "profile.student": "studentOnly",
} as const satisfies Record<string, AccessRule>;

export type Permission = keyof typeof permissionRules;
export const permissionNames = Object.keys(permissionRules) as Permission[];

/** The permissions map of a role: every named permission, true where the role passes its rule. */
export function permissionsFor(type: number): Record<Permission, boolean> {
  const map = {} as Record<Permission, boolean>;
  for (const name of permissionNames) map[name] = hasRole(type, access[permissionRules[name]]);
  return map;
}

/** spec.md §6: passes when there is a session user and its permissions map has the key set to true. */
export function can(
  user: Pick<SessionUser, "permissions"> | null | undefined,
  permission: Permission | string,
): boolean {
  return user?.permissions[permission] === true;
}

export type SessionFlags = {
  isStudent: boolean;
  isTeacher: boolean;
  isCoordinator: boolean;
  isAdmin: boolean;
  isLowAdmin: boolean;
  /** Low admin or admin (god included). */
  isAdminGroup: boolean;
  /** Teacher or coordinator. */
  isTeacherGroup: boolean;
};

/** The derived flags of spec.md §3 for a session user (or any user type). */
export function sessionFlags(user: { type: number } | null | undefined): SessionFlags {
  const type = user?.type ?? 0;
  return {
    isStudent: isStudent(type),
    isTeacher: isTeacher(type),
    isCoordinator: isCoordinator(type),
    isAdmin: isAdmin(type),
    isLowAdmin: isLowAdmin(type),
    isAdminGroup: isAdminGroup(type),
    isTeacherGroup: isTeacherGroup(type),
  };
}

/** First name for greetings ("Nos vemos luego {first name}"): the profile's, else the name's first word. */
export function sessionFirstName(user: Pick<SessionUser, "name" | "student" | "teacher">): string {
  const profile = user.student ?? user.teacher;
  if (profile?.first_name) return profile.first_name.split(/\s+/)[0] ?? profile.first_name;
  return user.name.trim().split(/\s+/)[0] ?? user.name;
}
