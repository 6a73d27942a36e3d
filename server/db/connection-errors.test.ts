import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, markDatabaseError, unavailableReason } from "./connection-errors.js";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const refused = () => withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED");

describe("a database that is away, told apart from a statement it refused", () => {
  it("knows PostgreSQL's codes for a server stopping, starting or dropping the connection", () => {
    for (const code of ["57P01", "57P02", "57P03", "53300", "08006", "08001"])
      expect(isDatabaseUnavailable(withCode("x", code)), code).toBe(true);
    for (const code of ["23505", "23503", "22012", "40001", "P0001", "42P01"])
      expect(isDatabaseUnavailable(withCode("x", code)), code).toBe(false);
  });

  it("knows node-postgres's own messages for a lost connection", () => {
    for (const message of [
      "Connection terminated unexpectedly",
      "Client has encountered a connection error and is not queryable",
      "timeout exceeded when trying to connect",
    ])
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    expect(isDatabaseUnavailable(new Error("Maximum call stack size exceeded"))).toBe(false);
  });

  it("looks inside Drizzle's query error, whose message carries the statement", () => {
    const wrapped = new DrizzleQueryError("insert into x values ($1)", ["secret"], withCode("x", "57P01"));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(unavailableReason(wrapped)).toBe("x");
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], refused()))).toBe(true);
  });

  it("counts a socket error only when it came from the database", () => {
    // An upload's connection reset, a mail server that refuses: not the database.
    expect(isDatabaseUnavailable(refused())).toBe(false);
    expect(isDatabaseUnavailable(withCode("read ECONNRESET", "ECONNRESET"))).toBe(false);
    const fromPool = refused();
    markDatabaseError(fromPool);
    expect(isDatabaseUnavailable(fromPool)).toBe(true);
    expect(isDatabaseUnavailable(refused(), { fromDatabase: true })).toBe(true);
    // A host with two addresses, both refusing.
    const both = Object.assign(new AggregateError([refused(), refused()], ""), { code: "ECONNREFUSED" });
    markDatabaseError(both);
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it("is not fooled by odd values", () => {
    for (const value of [null, undefined, "57P01", 42, {}, { cause: { cause: null } }])
      expect(isDatabaseUnavailable(value)).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
