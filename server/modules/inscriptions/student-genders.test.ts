import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { Db } from "../../db/client.js";
import * as s from "../../db/schema/index.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { GATHER_MS, studentGender } from "./student-genders.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The database, counting the selects made through it. */
function counting(db: Db) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key === "select") counter.selects++;
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

async function insertStudents(genders: string[]) {
  const users = await ctx.db
    .insert(s.users)
    .values(genders.map((_, i) => ({ type: Role.student, name: `G ${i}`, email: `g${i}@test.local` })))
    .returning({ id: s.users.id });
  return ctx.db
    .insert(s.students)
    .values(
      users.map((u, i) => ({
        userId: u.id,
        firstName: `G${i}`,
        lastName: "Género",
        identityDocument: `V-7${String(i).padStart(6, "0")}`,
        gender: genders[i]!,
      })),
    )
    .returning({ id: s.students.id });
}

describe("a student's gender for refusing from the memory of full sections", () => {
  it("reads every gender asked within a few milliseconds with one query; a later ask reads again", async () => {
    const [a, b, c] = await insertStudents(["male", "female", "female"]);
    const { db, counter } = counting(ctx.db);
    const genders = await Promise.all([
      studentGender(db, a!.id),
      studentGender(db, b!.id),
      studentGender(db, c!.id),
      studentGender(db, a!.id),
      studentGender(db, 999_999),
    ]);
    expect(genders).toEqual(["male", "female", "female", "male", null]);
    // The read is built once per database; a later batch reads through it again.
    expect(counter.selects).toBe(1);
    expect(await studentGender(db, b!.id)).toBe("female");
    expect(counter.selects).toBe(1);
  });

  it("gathers the students asked within GATHER_MS, and those asked while a read runs for the next", async () => {
    // A database whose reads end when the test says so; it answers every student it knows.
    const reads: { ids: string; end: () => void }[] = [];
    const known = [
      { id: 1, gender: "female" },
      { id: 2, gender: "male" },
      { id: 3, gender: "female" },
      { id: 4, gender: "male" },
    ];
    const db = {
      select: () => ({
        from: () => ({
          where: () => ({
            prepare: () => ({
              execute: ({ ids }: { ids: string }) =>
                new Promise<typeof known>((resolve) => reads.push({ ids, end: () => resolve(known) })),
            }),
          }),
        }),
      }),
    } as unknown as Db;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = studentGender(db, 1);
    await wait(1);
    const second = studentGender(db, 2);
    expect(reads).toHaveLength(0);
    await wait(GATHER_MS + 5);
    // 1 and 2 in one read; 3 and 4 asked while it runs wait for it to end.
    expect(reads.map((r) => r.ids)).toEqual(["{1,2}"]);
    const third = studentGender(db, 3);
    const fourth = studentGender(db, 4);
    await wait(GATHER_MS + 5);
    expect(reads).toHaveLength(1);
    reads[0]!.end();
    expect(await Promise.all([first, second])).toEqual(["female", "male"]);
    await wait(1);
    expect(reads.map((r) => r.ids)).toEqual(["{1,2}", "{3,4}"]);
    reads[1]!.end();
    expect(await Promise.all([third, fourth])).toEqual(["female", "male"]);
  });
});
