import { z } from "zod";
import { ruleIssue } from "./zod.js";

/** The largest id a record can have (PostgreSQL `integer`/`serial`). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * Marks the issue of a well-formed id past `MAX_RECORD_ID`: no such record can exist, so the server answers
 * 404 rather than a validation error (server/http/validation.ts).
 */
export const ID_OUT_OF_RANGE = "id_out_of_range";

/** Why `raw` is not an id: not a number at all, not above zero, or a number written another way. */
function malformedIdIssue(raw: string) {
  const n = Number(raw.trim());
  if (raw.trim() === "" || Number.isNaN(n)) return ruleIssue("numeric");
  if (n < 1) return ruleIssue("min", { kind: "numeric", min: 1 });
  return ruleIssue("regex");
}

/**
 * A record id written in a URL: plain decimal digits without sign, spaces, leading zeros, decimals or
 * exponent (`15`; never `015`, `+15`, ` 15`, `15.0`, `1e3`, `0x0f`), from 1 to `MAX_RECORD_ID`.
 */
export const recordIdParam = () =>
  z
    .string()
    .transform((raw, ctx) => {
      if (!/^[1-9][0-9]*$/.test(raw)) {
        ctx.addIssue({ code: "custom", input: raw, ...malformedIdIssue(raw) });
        return z.NEVER;
      }
      const id = Number(raw);
      if (raw.length > 10 || id > MAX_RECORD_ID) {
        ctx.addIssue({
          code: "custom",
          input: raw,
          params: { ...ruleIssue("exists").params, [ID_OUT_OF_RANGE]: true },
        });
        return z.NEVER;
      }
      return id;
    })
    .meta({ type: "integer", minimum: 1, maximum: MAX_RECORD_ID });

/** `{ id }` path parameters of a record's routes (`/classrooms/{id}`). */
export const idParamsSchema = z.object({ id: recordIdParam() });

/** A record id sent in a JSON body (`period_id`): an integer from 1 to `MAX_RECORD_ID`. */
export const recordId = () => z.number().int().min(1).max(MAX_RECORD_ID);
