import type { RoleNumber } from "../../common/roles";

/** The student part of the session user (spec.md §3). */
export type SessionStudent = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  gender?: string | null;
  latest_inscription?: Record<string, unknown> | null;
};

/** The teacher or coordinator part of the session user. */
export type SessionTeacher = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
};

/** The user the server returns at login and from GET /api/users/me. */
export type SessionUser = {
  id: number;
  type: RoleNumber;
  name: string | null;
  email: string;
  profile_picture: string | null;
  permissions: Record<string, boolean>;
  student: SessionStudent | null;
  teacher: SessionTeacher | null;
};

/** What is kept in storage between visits. */
export type StoredSession = {
  token: string;
  /** ISO instant; null when the server did not say. */
  expiresAt: string | null;
  user: SessionUser;
};

/** POST /api/login answer. */
export type LoginResponse = {
  access_token: string;
  token_type: "bearer";
  expires_at: string;
  user: SessionUser;
};
