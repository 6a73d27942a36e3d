import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRateLimits } from "../db/schema/index.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { addressAndAccount, addressSubject, createAuthThrottles, RateLimited } from "./rate-limiter.js";

// Runs on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set (CI runs both).
describe("auth throttles (counters in the database)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const rule = { points: 3, durationSec: 600, blockSec: 600 };

  it("refuses a subject over the limit with the wait, without touching other subjects", async () => {
    const throttles = createAuthThrottles({ db: ctx.db, limits: { loginPerAddress: rule } });
    const t = throttles.loginPerAddress;
    for (let i = 0; i < 3; i++) await t.take("10.9.0.1");
    const refused = await t.take("10.9.0.1").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).retryAfterMs).toBeGreaterThan(590_000);
    await expect(t.take("10.9.0.2")).resolves.toBeUndefined();
  });

  it("counts together for every server sharing the database (state in the table)", async () => {
    // Two servers: two sets of throttles over one database.
    const one = createAuthThrottles({ db: ctx.db, limits: { loginPerAddressAndAccount: rule } });
    const two = createAuthThrottles({ db: ctx.db, limits: { loginPerAddressAndAccount: rule } });
    const subject = addressAndAccount("10.9.1.1", "Victima@Colegio.test");
    await one.loginPerAddressAndAccount.take(subject);
    await two.loginPerAddressAndAccount.take(subject);
    await one.loginPerAddressAndAccount.take(subject);
    await expect(two.loginPerAddressAndAccount.take(subject)).rejects.toBeInstanceOf(RateLimited);
    const rows = await ctx.db.select().from(authRateLimits);
    const row = rows.find((r) => r.key === `loginPerAddressAndAccount:${subject}`);
    expect(row?.points).toBeGreaterThanOrEqual(4);
    // The table never holds the e-mail itself.
    expect(rows.some((r) => r.key.toLowerCase().includes("victima"))).toBe(false);
    // A success on one server starts the account again on both.
    await one.loginPerAddressAndAccount.forget(subject);
    await expect(two.loginPerAddressAndAccount.take(subject)).resolves.toBeUndefined();
  });

  it("give hands an attempt back; the e-mail is compared case-insensitively", async () => {
    const throttles = createAuthThrottles({ db: ctx.db, limits: { resetPerAddressAndEmail: rule } });
    const t = throttles.resetPerAddressAndEmail;
    const a = addressAndAccount("10.9.2.1", "ana@colegio.test");
    expect(addressAndAccount("10.9.2.1", " ANA@Colegio.test ")).toBe(a);
    expect(addressAndAccount("10.9.2.2", "ana@colegio.test")).not.toBe(a);
    for (let i = 0; i < 3; i++) await t.take(a);
    await t.give(a);
    await expect(t.take(a)).resolves.toBeUndefined();
    await expect(t.take(a)).rejects.toBeInstanceOf(RateLimited);
  });

  it("counts an IPv6 client by its /64 network, an IPv4 one by its address", () => {
    expect(addressSubject("203.0.113.5")).toBe("203.0.113.5");
    expect(addressSubject("::ffff:203.0.113.5")).toBe("203.0.113.5");
    const net = addressSubject("2001:db8:aa:bb::1");
    expect(net).toBe("2001:db8:aa:bb::/64");
    expect(addressSubject("2001:0db8:00aa:00bb:ffff:1:2:3")).toBe(net);
    expect(addressSubject("2001:db8:aa:bc::1")).not.toBe(net);
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
    expect(addressSubject("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressAndAccount("2001:db8:aa:bb::1", "a@b.c")).toBe(
      addressAndAccount("2001:db8:aa:bb::9", "a@b.c"),
    );
  });
});
