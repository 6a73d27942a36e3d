import {
  isAdmin,
  isAdminGroup,
  isCoordinator,
  isLowAdmin,
  isStudent,
  isTeacher,
  isTeacherGroup,
} from "../../common/roles";
import type { SessionUser } from "./types";

export type SessionFlags = {
  isStudent: boolean;
  isTeacher: boolean;
  isCoordinator: boolean;
  isAdmin: boolean;
  isLowAdmin: boolean;
  isAdminGroup: boolean;
  isTeacherGroup: boolean;
};

export function sessionFlags(user: SessionUser | null): SessionFlags {
  const type = user?.type ?? -1;
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

/** The person behind the account: student or teacher names, else the user name. */
function person(user: SessionUser) {
  return user.student ?? user.teacher ?? null;
}

export function fullName(user: SessionUser): string {
  const p = person(user);
  if (p) return `${p.first_name} ${p.last_name}`.trim();
  return user.name?.trim() || user.email;
}

export function firstName(user: SessionUser): string {
  const p = person(user);
  if (p?.first_name) return p.first_name.trim().split(/\s+/)[0] ?? p.first_name;
  const name = user.name?.trim();
  if (name) return name.split(/\s+/)[0] ?? name;
  return user.email;
}

/** Cuts a text at `max` characters, adding an ellipsis when it was longer (header name: 16). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
