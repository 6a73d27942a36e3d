import type { UserResource } from "../../../common/schemas/users.js";
import type { users } from "../../db/schema/index.js";

type UserRow = typeof users.$inferSelect;

/** A stored picture whose file name starts with "default" counts as none (spec.md §3). */
export function hasOwnPicture(fileName: string | null | undefined): fileName is string {
  return Boolean(fileName) && !/^default\b/i.test(fileName!);
}

/**
 * Address of a user's picture, or null. It is served only with a bearer token; `v` changes with each
 * upload so caches never show an old picture.
 */
export function profilePictureUrl(user: Pick<UserRow, "id" | "profilePicture">): string | null {
  if (!hasOwnPicture(user.profilePicture)) return null;
  const version = user.profilePicture
    .replace(/\.[a-z0-9]+$/i, "")
    .split("-")
    .pop();
  return `/api/users/${user.id}/profile-picture?v=${version}`;
}

export function presentUser(user: UserRow): UserResource {
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    email: user.email,
    profile_picture: profilePictureUrl(user),
    disabled: user.disabled,
    confirmed: user.emailConfirmedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}
