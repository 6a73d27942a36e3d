import { useEffect, useState } from "react";

/** An image address for a photo value: a URL or data URL as is, raw base64 as a data URL. */
export function photoUrl(value: string): string {
  if (/^(data:|blob:|https?:|\/)/i.test(value)) return value;
  return `data:image/png;base64,${value}`;
}

/** Preview address of a File (an object URL, revoked when no longer needed) or a string value. */
export function usePhotoSource(value: File | string | null | undefined): string | null {
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(value instanceof File) || typeof URL.createObjectURL !== "function") {
      setFileUrl(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setFileUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  if (!value) return null;
  if (typeof value === "string") return photoUrl(value);
  return fileUrl;
}
