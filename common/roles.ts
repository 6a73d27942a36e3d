/** Role numbers of spec.md §6; a user's `type` is one of them. */
export const Role = {
  student: 1,
  teacher: 2,
  coordinator: 3,
  lowAdmin: 4,
  admin: 5,
  god: 6,
} as const;
export type RoleNumber = (typeof Role)[keyof typeof Role];

/** Access levels that are not roles: everyone logged in, and nobody. */
export const ALL = 9999;
export const NONE = -1;

export const roleLabels: Record<RoleNumber, string> = {
  1: "Estudiante",
  2: "Profesor",
  3: "Coordinador",
  4: "Asistente",
  5: "Administrador",
  6: "Administrador",
};

/**
 * Whether a user of `type` passes an allow-list. An empty list or one holding ALL lets every logged-in
 * user through; god (6) passes wherever admin (5) does.
 */
export function hasRole(type: number, allowed: readonly number[]): boolean {
  if (allowed.length === 0 || allowed.includes(ALL)) return true;
  if (allowed.includes(NONE)) return false;
  if (allowed.includes(type)) return true;
  return type === Role.god && allowed.includes(Role.admin);
}

export const isStudent = (type: number) => type === Role.student;
export const isTeacher = (type: number) => type === Role.teacher;
export const isCoordinator = (type: number) => type === Role.coordinator;
export const isLowAdmin = (type: number) => type === Role.lowAdmin;
export const isAdmin = (type: number) => type === Role.admin || type === Role.god;
export const isAdminGroup = (type: number) => isAdmin(type) || isLowAdmin(type);
export const isTeacherGroup = (type: number) => isTeacher(type) || isCoordinator(type);
