import { Avatar } from "@mantine/core";
import { usePictureUrl } from "../api/use-picture-url";
import type { SessionUser } from "../session/types";
import { fullName } from "../session/user";

/** The session user's picture, or their initials. */
export function UserAvatar({ user, size = 30 }: { user: SessionUser; size?: number }) {
  const name = fullName(user);
  // The picture is served only with the bearer token, so it is fetched and shown from memory.
  const src = usePictureUrl(user.profile_picture);
  return <Avatar src={src} alt={name} name={name} color="initials" size={size} radius="xl" />;
}
