import { hashPassword } from "../auth/password.js";
import { signAccessToken } from "../auth/tokens.js";
import { users } from "../db/schema/index.js";
import type { TestContext } from "./context.js";

let counter = 0;

/** Creates a confirmed user of the given role and answers it with a bearer header for `inject`. */
export async function createUserWithToken(
  ctx: TestContext,
  type: number,
  opts: { email?: string; password?: string; name?: string; disabled?: boolean } = {},
) {
  counter += 1;
  const email = opts.email ?? `user${counter}-${Date.now()}@test.local`;
  const [user] = await ctx.db
    .insert(users)
    .values({
      type,
      name: opts.name ?? `Usuario ${counter}`,
      email,
      passwordHash: opts.password ? await hashPassword(opts.password) : null,
      emailConfirmedAt: new Date(),
      disabled: opts.disabled ?? false,
    })
    .returning();
  const { token } = await signAccessToken({
    secret: ctx.config.jwtSecret,
    userId: user!.id,
    ttlSeconds: 3600,
  });
  return { user: user!, token, headers: { authorization: `Bearer ${token}` } };
}

/** A bearer header for a token issued `secondsAgo` seconds ago (for sessions that predate a change). */
export async function olderTokenHeaders(ctx: TestContext, userId: number, secondsAgo = 5) {
  const { token } = await signAccessToken({
    secret: ctx.config.jwtSecret,
    userId,
    ttlSeconds: 3600,
    now: new Date(Date.now() - secondsAgo * 1000),
  });
  return { authorization: `Bearer ${token}` };
}
