import { usePictureUrl } from "../../api/use-picture-url";
import { Avatar } from "../../components";

/** The account's photo (fetched with the session's token), or the coloured circle with its first letter. */
export function AccountAvatar({
  name,
  picture,
  size = 30,
}: {
  name: string;
  picture: string | null;
  size?: number;
}) {
  const src = usePictureUrl(picture);
  return <Avatar src={src} text={name} size={size} alt="" />;
}
