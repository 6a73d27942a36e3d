/** Mantine palette colours an avatar placeholder can take. */
export const AVATAR_COLORS = [
  "blue",
  "cyan",
  "grape",
  "green",
  "indigo",
  "lime",
  "orange",
  "pink",
  "red",
  "teal",
  "violet",
  "yellow",
] as const;

/** The same text always gives the same colour. */
export function avatarColor(text: string): (typeof AVATAR_COLORS)[number] {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

/** Upper-case first letter of the text ("" when there is none). */
export function avatarLetter(text: string): string {
  const first = text.trim().charAt(0);
  return first.toLocaleUpperCase("es");
}

/** A missing picture, or the default one, counts as no picture. */
export function hasPicture(src: string | null | undefined): src is string {
  if (!src) return false;
  const fileName = src.split(/[?#]/)[0]!.split("/").pop() ?? "";
  return !/default/i.test(fileName);
}
