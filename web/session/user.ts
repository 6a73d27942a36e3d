import { sessionFirstName } from "../../common/session";
import type { SessionUser } from "./types";

export { type SessionFlags, sessionFlags } from "../../common/session";

/** The person behind the account: student or teacher names, else the user name, else the e-mail. */
export function fullName(user: SessionUser): string {
  const person = user.student ?? user.teacher;
  if (person) return `${person.first_name} ${person.last_name}`.trim();
  return user.name?.trim() || user.email;
}

/** First name for greetings ("Nos vemos luego {first name}"). */
export function firstName(user: SessionUser): string {
  return sessionFirstName({ ...user, name: user.name ?? "" }) || user.email;
}

/** Cuts a text at `max` characters, adding an ellipsis when it was longer (header name: 16). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * The i18n key of the user's role name, by gender where the profile says it (Profesora, Coordinadora):
 * `roles.female.<type>` for a woman, `roles.<type>` otherwise.
 */
export function roleKey(user: SessionUser): string {
  const gender = user.student?.gender ?? user.teacher?.gender;
  return gender === "female" ? `roles.female.${user.type}` : `roles.${user.type}`;
}
