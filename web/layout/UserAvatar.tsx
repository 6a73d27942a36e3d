import { Avatar } from "@mantine/core";
import type { SessionUser } from "../session/types";
import { fullName } from "../session/user";

/** The session user's picture, or their initials. */
export function UserAvatar({ user, size = 30 }: { user: SessionUser; size?: number }) {
  const name = fullName(user);
  return (
    <Avatar
      src={user.profile_picture || null}
      alt={name}
      name={name}
      color="initials"
      size={size}
      radius="xl"
    />
  );
}
