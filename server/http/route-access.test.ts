import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { access } from "../../common/access.js";
import { hasRole, isAdmin, Role } from "../../common/roles.js";
import { signAccessToken } from "../auth/tokens.js";
import { users } from "../db/schema/index.js";
import { seedDemo } from "../db/seed/demo.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import type { RouteAccessEntry } from "./auth.js";
import { type ExpectedAccess, expectedRouteAccess, type RecordScoped } from "./route-access.expected.js";

/**
 * The route walk (issue 7, "Access, everywhere"): every API route Fastify registered declares who may call
 * it, that declaration matches server/http/route-access.expected.ts (spec.md §6), and calling the route
 * as each role and without a token gives the refusals it promises. A new module is covered as soon as
 * its routes are registered: it only has to add its lines to the expected table.
 */

type Caller = { name: string; role: number | null; userId: number | null };

/** Routes the walk does not call as a role that may use them (side effects outside the database). */
const refusalsOnly = new Set([
  // Starts a real backup of the test database in the background.
  "POST /api/backups",
  // A live event stream: it answers 200 and stays open (server/modules/notifications/compose.test.ts).
  "GET /api/notifications/stream",
]);

const key = (r: Pick<RouteAccessEntry, "method" | "url">) => `${r.method} ${r.url}`;

/** The table's line for a route: its access, and whether its service also checks the record. */
function expectedLine(line: string): { access: ExpectedAccess; byRecord: boolean } | undefined {
  const entry: ExpectedAccess | RecordScoped | undefined = expectedRouteAccess[line];
  if (entry === undefined) return undefined;
  return typeof entry === "string"
    ? { access: entry, byRecord: false }
    : { access: entry.rule, byRecord: true };
}

/** Whether a caller of `role` passes `expected` (null: no token). */
function mayCall(expected: ExpectedAccess, role: number | null): boolean {
  if (expected === "public") return true;
  if (expected === "internal" || role === null) return false;
  if (expected === "authenticated") return true;
  if (!(expected in access)) throw new Error(`unknown access "${String(expected)}"`);
  return hasRole(role, access[expected]);
}

/**
 * A concrete URL for a route path: `:id` of a user route is the caller's own id (record rules let a
 * person reach their own account), every other id 1 (the demo school has a row 1 of every table).
 */
function fillPath(url: string, caller: Caller): string {
  return url
    .replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      if (name === "email") return "nadie%40example.com";
      if (name === "id" && url.startsWith("/api/users/")) return String(caller.userId ?? 1);
      return "1";
    })
    .replace(/\*$/, "index.html");
}

describe("route walk: every API route's access (spec.md §6)", () => {
  let ctx: TestContext;
  let routes: RouteAccessEntry[];
  const callers: Caller[] = [{ name: "sin token", role: null, userId: null }];

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.db);
    // One user of each role, made for the walk (the demo's own accounts stay as they are).
    const roles = [
      ["estudiante", Role.student],
      ["profesor", Role.teacher],
      ["coordinador", Role.coordinator],
      ["asistente", Role.lowAdmin],
      ["administrador", Role.admin],
      ["god", Role.god],
    ] as const;
    for (const [name, role] of roles) {
      const { user } = await createUserWithToken(ctx, role, { name: `Walk ${name}` });
      callers.push({ name, role, userId: user.id });
    }
    // HEAD routes are Fastify's automatic twins of GET routes, with the same hooks.
    routes = ctx.app.routeAccessTable.filter((r) => r.url.startsWith("/api") && r.method !== "HEAD");
  });
  afterAll(() => ctx?.close());

  it("finds the routes in Fastify's route table", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual(expect.objectContaining({ method: "GET", url: "/api/classrooms" }));
  });

  it("every route declares a rule of common/access.ts (or is public by the table) and it matches the table", () => {
    const problems: string[] = [];
    for (const route of routes) {
      const expected = expectedLine(key(route))?.access;
      if (route.access.startsWith("roles:")) {
        problems.push(
          `${key(route)}: app.allow(${route.access.slice(6)}) uses a bare role list; name the rule in common/access.ts.`,
        );
      } else if (expected === undefined) {
        problems.push(
          `${key(route)} declares "${route.access}" but is not in server/http/route-access.expected.ts: ` +
            `add the line "${key(route)}": "<rule of spec.md §6>".`,
        );
      } else if (expected === "internal" ? route.access !== "public" : route.access !== expected) {
        problems.push(
          route.access === "public"
            ? `${key(route)} has no access hook: add onRequest: app.allow("${expected}") (or app.authenticate).`
            : `${key(route)} declares "${route.access}" but spec.md §6 (route-access.expected.ts) says "${expected}".`,
        );
      }
    }
    const registered = new Set(routes.map(key));
    for (const line of Object.keys(expectedRouteAccess)) {
      if (!registered.has(line))
        problems.push(`${line} is in route-access.expected.ts but no such route is registered.`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("every list route (a listQuery) answers format=csv with a CSV file", { timeout: 300_000 }, async () => {
    const god = callers.find((c) => c.role === Role.god)!;
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.list && r.method === "GET")) {
      const { token } = await signAccessToken({
        secret: ctx.config.jwtSecret,
        userId: god.userId!,
        ttlSeconds: 3600,
      });
      const url = fillPath(route.url, god);
      const res = await ctx.app.inject({
        method: "GET",
        url: `${url}${url.includes("?") ? "&" : "?"}format=csv`,
        headers: { authorization: `Bearer ${token}` },
      });
      // A list that needs a filter (a period, say) may refuse the bare call; a 200 must be the file.
      if (res.statusCode === 200 && !String(res.headers["content-type"]).startsWith("text/csv"))
        problems.push(
          `${key(route)}?format=csv answered ${res.headers["content-type"]}: answer the list with sendList() ` +
            "(server/http/csv.ts) so it exports CSV.",
        );
      else if (res.statusCode >= 500)
        problems.push(`${key(route)}?format=csv: ${res.statusCode} ${res.body}`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  // Every route × 7 callers: a few hundred routes take a minute or more on a busy machine.
  it("answers each route as each role and without a token with the refusals of its rule, never a 500", {
    timeout: 600_000,
  }, async () => {
    // Reads first, deletes last: a write that removes row 1 only turns later reads into 404s.
    const order = (m: string) => (m === "GET" ? 0 : m === "DELETE" ? 2 : 1);
    // A route missing from the table (the test above says so) is walked by what it declares.
    const expectedOf = (r: RouteAccessEntry) =>
      expectedLine(key(r)) ??
      (r.access.startsWith("roles:") ? undefined : { access: r.access as ExpectedAccess, byRecord: false });
    const walk = routes
      .filter((r) => expectedOf(r) !== undefined)
      .sort((a, b) => order(a.method) - order(b.method));
    const problems: string[] = [];

    async function callRoute(route: RouteAccessEntry) {
      const { access: expected, byRecord } = expectedOf(route)!;
      // Tokens signed per call, with the user's current session version: a logout or a password
      // change by one call does not spoil the next.
      const ids = callers.flatMap((c) => (c.userId === null ? [] : [c.userId]));
      const versions = new Map(
        (
          await ctx.db
            .select({ id: users.id, sessionVersion: users.sessionVersion })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, u.sessionVersion]),
      );
      for (const caller of callers) {
        const allowed = mayCall(expected, caller.role);
        if (allowed && caller.role !== null && refusalsOnly.has(key(route))) continue;
        const headers: Record<string, string> = {};
        if (caller.userId !== null) {
          const { token } = await signAccessToken({
            secret: ctx.config.jwtSecret,
            userId: caller.userId,
            ttlSeconds: 3600,
            sessionVersion: versions.get(caller.userId) ?? 0,
          });
          headers.authorization = `Bearer ${token}`;
        }
        const hasBody = route.method !== "GET" && route.method !== "DELETE";
        const res = await ctx.app.inject({
          method: route.method as "GET",
          url: fillPath(route.url, caller),
          headers,
          ...(hasBody ? { payload: {} } : {}),
        });
        const status = res.statusCode;
        const where = `${key(route)} as ${caller.name} (${expected}): ${status} ${res.body.slice(0, 160)}`;
        if (status >= 500) problems.push(`${where} — a server error`);
        else if (expected === "internal") {
          if (status !== 401 && status !== 403) problems.push(`${where} — expected 401 or 403`);
        } else if (caller.role === null && expected !== "public") {
          if (status !== 401) problems.push(`${where} — expected 401 without a token`);
        } else if (!allowed) {
          if (status !== 403) problems.push(`${where} — expected 403 for a role outside the rule`);
        } else if (status === 401 || (status === 403 && !(byRecord && !isAdmin(caller.role ?? 0)))) {
          problems.push(`${where} — a role the rule allows was refused`);
        }
      }
    }

    // A few routes at a time: each route's callers run in order, routes side by side.
    const queue = [...walk];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) await callRoute(route);
      }),
    );
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
