import { useRef } from "react";

/** The header the payment routes read (server/modules/payments/idempotency.ts). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** 128 random bits as hex; `crypto.randomUUID` exists only on HTTPS, a school's server may not be. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * One key per submit of a form (issue 27): sending the same payload again (a retry after a lost answer or
 * an error) reuses its key, so the server answers the first request's result instead of paying twice; a
 * changed payload is a new submit with a new key. `forget()` after a success: the next submit of the form
 * (even an identical one) is a new one. A new form (a new mount) starts with no key.
 */
export function useIdempotencyKey(): { keyFor: (payload: unknown) => string; forget: () => void } {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor: (payload) => {
      const body = JSON.stringify(payload);
      if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
      return last.current.key;
    },
    forget: () => {
      last.current = null;
    },
  };
}
