import { Avatar as MantineAvatar, type AvatarProps as MantineAvatarProps } from "@mantine/core";
import { avatarColor, avatarLetter, hasPicture } from "./avatar-color";

export interface AvatarProps extends Omit<MantineAvatarProps, "src" | "children" | "color" | "name"> {
  /** Picture URL; missing, default or failing pictures fall back to the letter circle. */
  src?: string | null;
  /** Text whose first letter (and derived colour) the fallback shows, e.g. the person's name. */
  text: string;
  /** Pixel size; 30 by default. */
  size?: number;
}

/** Round picture that falls back to a coloured circle with the first letter of `text`. */
export function Avatar({ src, text, size = 30, alt, ...props }: AvatarProps) {
  return (
    <MantineAvatar
      src={hasPicture(src) ? src : null}
      alt={alt ?? text}
      size={size}
      radius="xl"
      variant="filled"
      color={avatarColor(text)}
      {...props}
    >
      {avatarLetter(text)}
    </MantineAvatar>
  );
}
