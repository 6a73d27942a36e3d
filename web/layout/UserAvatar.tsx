import { usePictureUrl } from "../api/use-picture-url";
import { Avatar } from "../components/Avatar/Avatar";
import type { SessionUser } from "../session/types";
import { fullName } from "../session/user";

/**
 * The session user's picture, or the shared fallback (spec.md §2): a coloured circle with the first
 * letter of the name. The same `Avatar` as everywhere else.
 */
export function UserAvatar({ user, size = 30 }: { user: SessionUser; size?: number }) {
  // The picture is served only with the bearer token, so it is fetched and shown from memory.
  const src = usePictureUrl(user.profile_picture);
  return <Avatar src={src} text={fullName(user)} size={size} />;
}
