import { z } from "zod";
import { ruleIssue } from "../../common/validation/zod.js";

/** Rows per page when the client does not say (spec.md §9). */
export const DEFAULT_LIMIT = 10;
/** The largest page a client may ask for, except `limit=0` (every row). */
export const MAX_LIMIT = 100;

export type SortDirection = "asc" | "desc";
export type Sort<F extends string = string> = { field: F; direction: SortDirection };

/** What every list route receives after parsing (plus its own filters). */
export type ListParams<F extends string = string> = {
  page: number;
  /** 0 means every row. */
  limit: number;
  /** Trimmed; absent when blank. */
  search?: string;
  sort_by: Sort<F>;
  /** `csv` or `xlsx`: every row as a file (server/http/csv.ts `sendList`); JSON pages otherwise. */
  format?: ListFormat;
  /** Set by the CSV export's batches: `paginate` skips counting the total (its meta then counts the page). */
  withoutTotal?: boolean;
};

/** How a list answers: JSON pages (default), or every row as a CSV file or an Excel workbook. */
export type ListFormat = "json" | "csv" | "xlsx";

/** The range of a PostgreSQL `integer`: a filter beyond it is refused (422), never sent to the database. */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

/** An absent query value and an empty one (`?limit=`) mean the same. */
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

/**
 * Typed filters for a list's query string. Every one is optional, and an empty value counts as absent.
 *
 * ```ts
 * listQuery({ sortable: ["id", "code"], filters: { enabled: queryFilter.boolean() } })
 * ```
 */
export const queryFilter = {
  /** `1`/`0` or `true`/`false` (the web app sends booleans as 1/0). */
  boolean: () =>
    z
      .preprocess(blankToUndefined, z.enum(["1", "0", "true", "false"]).optional())
      .transform((v) => (v === undefined ? undefined : v === "1" || v === "true")),
  /** An integer, within `min`/`max` and always within the range of a database integer. */
  int: (opts: { min?: number; max?: number } = {}) => {
    const n = z.coerce
      .number()
      .int()
      .min(Math.max(opts.min ?? INT_MIN, INT_MIN))
      .max(Math.min(opts.max ?? INT_MAX, INT_MAX));
    return z.preprocess(blankToUndefined, n.optional());
  },
  /** A list of ids, as `?ids=1,2,3` or `?ids=1&ids=2`. */
  intList: () =>
    z.preprocess((v) => {
      if (v === undefined || v === "") return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(","));
      return parts.filter((p) => p.trim() !== "").map((p) => Number(p));
    }, z.array(z.number().int().min(INT_MIN).max(INT_MAX)).optional()),
  string: (max = 255) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional()),
  date: () => z.preprocess(blankToUndefined, z.iso.date().optional()),
  enum: <const V extends readonly [string, ...string[]]>(values: V) =>
    z.preprocess(blankToUndefined, z.enum(values).optional()),
};

/** `sort_by=field,asc|desc` (direction optional, ascending by default) checked against an allow-list. */
export function sortBySchema<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: Sort<S[number]>,
) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): Sort<S[number]> => {
      const text = raw?.trim() ?? "";
      if (text === "") return defaultSort;
      const [field = "", direction = "asc", ...rest] = text.split(",").map((s) => s.trim().toLowerCase());
      if (rest.length > 0 || !sortable.includes(field) || (direction !== "asc" && direction !== "desc")) {
        ctx.addIssue({ code: "custom", input: raw, ...ruleIssue("sort", { values: sortable }) });
        return z.NEVER;
      }
      return { field: field as S[number], direction };
    })
    .describe(`Campo y dirección, por ejemplo \`${sortable[0]},desc\`. Campos: ${sortable.join(", ")}.`);
}

/** `format=json|csv|xlsx` of a list (json by default). */
const formatSchema = z
  .preprocess(blankToUndefined, z.enum(["json", "csv", "xlsx"]).optional())
  .transform((v): ListFormat => v ?? "json")
  .meta({
    type: "string",
    enum: ["json", "csv", "xlsx"],
    default: "json",
    description:
      "`csv`: todas las filas (sin páginas) como archivo CSV (UTF-8 con BOM); `xlsx`: como libro de Excel, con " +
      "fechas y números de verdad; con los mismos filtros, búsqueda y orden.",
  });

/**
 * The querystring schema of a list route (ARCHITECTURE.md, "Lists"): `page` (from 1), `limit` (default 10,
 * 0 = every row, at most `maxLimit`), `search` (trimmed), `sort_by` (`field,asc|desc`, allow-listed: an
 * unknown field is a 422 on `sort_by`, never SQL), `format` (`json`, `csv` or `xlsx`, answered by `sendList` of
 * server/http/csv.ts) and the route's own typed `filters`.
 */
export function listQuery<
  const S extends readonly [string, ...string[]],
  F extends Record<string, z.ZodType> = Record<never, never>,
>(opts: {
  sortable: S;
  defaultSort?: Sort<S[number]>;
  filters?: F;
  maxLimit?: number;
  /**
   * `false` for a list that is not a table (the bell's notifications, a grid of slots): no `format`, so
   * no CSV. Every table's list keeps it and answers with `sendList` (the route walk checks).
   */
  csv?: false;
}) {
  const maxLimit = opts.maxLimit ?? MAX_LIMIT;
  const defaultSort = opts.defaultSort ?? { field: opts.sortable[0], direction: "asc" as const };
  return z.object({
    page: z
      .preprocess(blankToUndefined, z.coerce.number().int().min(1).max(INT_MAX).optional())
      .transform((v) => v ?? 1)
      .meta({ type: "integer", minimum: 1, default: 1, description: "Página, desde 1." }),
    limit: z
      .preprocess(blankToUndefined, z.coerce.number().int().min(0).max(maxLimit).optional())
      .transform((v) => v ?? DEFAULT_LIMIT)
      .meta({
        type: "integer",
        minimum: 0,
        maximum: maxLimit,
        default: DEFAULT_LIMIT,
        description: "Filas por página; 0 devuelve todas.",
      }),
    search: z
      .string()
      .max(255)
      .optional()
      .transform((v) => v?.trim() || undefined)
      .describe("Texto a buscar (sin distinguir mayúsculas ni acentos)."),
    sort_by: sortBySchema(opts.sortable, defaultSort),
    // Typed as always there (a `csv: false` list simply never sees `format=csv`).
    ...((opts.csv === false ? {} : { format: formatSchema }) as { format: typeof formatSchema }),
    ...((opts.filters ?? {}) as F),
  });
}
