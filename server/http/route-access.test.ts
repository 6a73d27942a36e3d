import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Only to resolve the rule a route *declares* (what the server does), never for what it should do: the
// expected roles come from route-access.expected.ts, written out from spec.md §6.
import { access } from "../../common/access.js";
import { hasRole, isAdmin, Role } from "../../common/roles.js";
import { signAccessToken } from "../auth/tokens.js";
import { users } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { seedDemoSchool } from "../test/demo-school.js";
import type { RouteAccessEntry } from "./auth.js";
import {
  type ExpectedAccess,
  expectedRouteAccess,
  type RecordScoped,
  type RoleName,
} from "./route-access.expected.js";

/**
 * The route walk (issue 7, "Access, everywhere"): every API route Fastify registered declares who may call
 * it, the roles that declaration lets through are exactly those server/http/route-access.expected.ts writes
 * out from spec.md §6, and calling the route as each role and without a token gives the refusals the table
 * promises. The table names roles, not rules of common/access.ts, so widening or narrowing a rule there
 * (or a route's rule) fails the walk. A new module is covered as soon as its routes are registered: it only
 * has to add its lines to the expected table.
 */

type Caller = { name: string; role: number | null; userId: number | null };

/** Routes the walk does not call as a role that may use them (side effects outside the database). */
const refusalsOnly = new Set([
  // Starts a real backup of the test database in the background.
  "POST /api/backups",
  // A live event stream: it answers 200 and stays open (server/modules/notifications/compose.test.ts).
  "GET /api/notifications/stream",
  // Starts a timetable search in a worker thread (server/modules/timetable/timetable.test.ts).
  "POST /api/periods/:id/timetable-runs",
]);

const key = (r: Pick<RouteAccessEntry, "method" | "url">) => `${r.method} ${r.url}`;

/** Every role a user can have, by number (common/roles.ts). */
const allRoles = Object.values(Role) as number[];
const roleName = (n: number) =>
  (Object.keys(Role) as RoleName[]).find((name) => Role[name] === n) ?? String(n);

/** The table's line for a route: its access, and whether its service also checks the record. */
function expectedLine(line: string): { access: ExpectedAccess; byRecord: boolean } | undefined {
  const entry: ExpectedAccess | RecordScoped | undefined = expectedRouteAccess[line];
  if (entry === undefined) return undefined;
  if (typeof entry === "string" || Array.isArray(entry))
    return { access: entry as ExpectedAccess, byRecord: false };
  const scoped = entry as RecordScoped;
  return { access: scoped.roles, byRecord: true };
}

/** The role numbers a table line names (every role for "authenticated"); null for public and internal. */
function expectedRoles(expected: ExpectedAccess): number[] | null {
  if (expected === "public" || expected === "internal") return null;
  if (expected === "authenticated") return allRoles;
  return expected.map((name) => {
    if (!(name in Role)) throw new Error(`unknown role "${name}" in route-access.expected.ts`);
    return Role[name];
  });
}

/**
 * The role numbers a route lets through its role check, resolved from what it declares as registered:
 * `app.authenticate` every role, `app.allow(rule)` the roles the rule of common/access.ts admits (God as
 * `hasRole` treats it), no hook (public) null.
 */
function declaredRoles(declared: RouteAccessEntry["access"]): number[] | null {
  if (declared === "public") return null;
  if (declared === "authenticated") return allRoles;
  const list: readonly number[] = declared.startsWith("roles:")
    ? declared.slice(6).split(",").map(Number)
    : access[declared as keyof typeof access];
  if (list === undefined) throw new Error(`route declares an unknown rule "${declared}"`);
  return allRoles.filter((role) => hasRole(role, list));
}

function describeRoles(roles: number[] | null): string {
  if (roles === null) return "public";
  const names = [...roles].sort((a, b) => a - b).map(roleName);
  return `[${names.join(", ")}]`;
}

/** Whether a caller of `role` passes `expected` (null: no token). */
function mayCall(expected: ExpectedAccess, role: number | null): boolean {
  if (expected === "public") return true;
  if (expected === "internal" || role === null) return false;
  return expectedRoles(expected)!.includes(role);
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
    await seedDemoSchool(ctx);
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

  it("every route declares a rule of common/access.ts (or is public by the table) letting through exactly the table's roles", () => {
    const problems: string[] = [];
    for (const route of routes) {
      const expected = expectedLine(key(route))?.access;
      if (route.access.startsWith("roles:")) {
        problems.push(
          `${key(route)}: app.allow(${route.access.slice(6)}) uses a bare role list; name the rule in common/access.ts.`,
        );
        continue;
      }
      if (expected === undefined) {
        problems.push(
          `${key(route)} declares "${route.access}" but is not in server/http/route-access.expected.ts: ` +
            `add the line "${key(route)}": [<the roles spec.md §6 gives it>].`,
        );
        continue;
      }
      const want = expected === "internal" ? null : expectedRoles(expected);
      const got = declaredRoles(route.access);
      if (want !== null && got === null) {
        problems.push(
          `${key(route)} has no access hook: spec.md §6 (route-access.expected.ts) allows ${describeRoles(want)}.`,
        );
      } else if (describeRoles(got) !== describeRoles(want)) {
        problems.push(
          `${key(route)} declares "${route.access}", which lets through ${describeRoles(got)}, but spec.md §6 ` +
            `(route-access.expected.ts) allows ${describeRoles(want)}.`,
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

  it("every list route (a listQuery) answers format=csv and format=xlsx with the file", {
    timeout: 300_000,
  }, async () => {
    const god = callers.find((c) => c.role === Role.god)!;
    const problems: string[] = [];
    const files = [
      ["csv", "text/csv"],
      ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ] as const;
    for (const route of routes.filter((r) => r.list && r.method === "GET")) {
      const { token } = await signAccessToken({
        secret: ctx.config.jwtSecret,
        userId: god.userId!,
        ttlSeconds: 3600,
      });
      const url = fillPath(route.url, god);
      const statuses: number[] = [];
      for (const [format, type] of files) {
        const res = await ctx.app.inject({
          method: "GET",
          url: `${url}${url.includes("?") ? "&" : "?"}format=${format}`,
          headers: { authorization: `Bearer ${token}` },
        });
        // A list that needs a filter (a period, say) may refuse the bare call; a 200 must be the file.
        if (res.statusCode === 200 && !String(res.headers["content-type"]).startsWith(type))
          problems.push(
            `${key(route)}?format=${format} answered ${res.headers["content-type"]}: answer the list with ` +
              "sendList() (server/http/csv.ts) so it exports CSV and Excel.",
          );
        else if (res.statusCode >= 500)
          problems.push(`${key(route)}?format=${format}: ${res.statusCode} ${res.body}`);
        statuses.push(res.statusCode);
      }
      // Every list that exports CSV exports Excel too.
      if (statuses[0] === 200 && statuses[1] !== 200)
        problems.push(`${key(route)}?format=xlsx answered ${statuses[1]} where format=csv answered 200.`);
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
    const expectedOf = (r: RouteAccessEntry) => {
      const line = expectedLine(key(r));
      if (line) return line;
      // Not in the table: walked by the roles it declares.
      const declared = r.access.startsWith("roles:") ? undefined : declaredRoles(r.access);
      if (declared === undefined) return undefined;
      const access: ExpectedAccess =
        declared === null ? "public" : declared.map((n) => roleName(n) as RoleName);
      return { access, byRecord: false };
    };
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
        const rule = typeof expected === "string" ? expected : `[${expected.join(", ")}]`;
        const where = `${key(route)} as ${caller.name} (${rule}): ${status} ${res.body.slice(0, 160)}`;
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
