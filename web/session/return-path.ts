/** Where a visitor wanted to go before the login screen (`state.from` of the redirect), if safe. */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  if (from === "/" || from.startsWith("/login")) return null;
  return from;
}
