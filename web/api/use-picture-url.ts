import { useEffect, useState } from "react";
import { useProfilePictureBlob } from "./profile";

/** An object URL for a picture served only with the bearer token; null while loading or when none. */
export function usePictureUrl(url: string | null | undefined): string | null {
  const { data } = useProfilePictureBlob(url);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url || !data || typeof URL.createObjectURL !== "function") {
      setObjectUrl(null);
      return;
    }
    const next = URL.createObjectURL(data);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [url, data]);
  return objectUrl;
}
