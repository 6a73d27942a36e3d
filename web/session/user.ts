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
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
