const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A random string of letters and digits from the platform's secure generator
 * (crypto.getRandomValues), every character equally likely.
 */
export function randomAlphanumeric(length = 12): string {
  const size = ALPHANUMERIC.length;
  // Largest multiple of `size` below 256: bytes at or above it are dropped to avoid modulo bias.
  const limit = 256 - (256 % size);
  let result = "";
  const bytes = new Uint8Array(length * 2);
  while (result.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < limit) result += ALPHANUMERIC[byte % size];
      if (result.length === length) break;
    }
  }
  return result;
}
