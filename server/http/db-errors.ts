import { PgErrorCode, pgErrorOf } from "../db/constraints.js";

/** SQLSTATE codes the HTTP layer tells apart (integrity violations and write conflicts). */
export const PgCode = {
  ...PgErrorCode,
  exclusionViolation: "23P01",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
} as const;

function matches(error: unknown, code: string, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return !!pg && pg.code === code && (constraint === undefined || pg.constraint === constraint);
}

/** Whether `error` is a unique violation (of `constraint`, when given), whichever driver raised it. */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  matches(error, PgCode.uniqueViolation, constraint);
/** Whether `error` is a foreign key violation (of `constraint`, when given). */
export const isForeignKeyViolation = (error: unknown, constraint?: string) =>
  matches(error, PgCode.foreignKeyViolation, constraint);
/** Whether `error` is a check violation (of `constraint`, when given). */
export const isCheckViolation = (error: unknown, constraint?: string) =>
  matches(error, PgCode.checkViolation, constraint);
