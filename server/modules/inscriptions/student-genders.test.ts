import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { Db } from "../../db/client.js";
import * as s from "../../db/schema/index.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { studentGender } from "./student-genders.js";

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
  it("reads every gender asked in the same turn with one query; a later turn asks again", async () => {
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
    expect(counter.selects).toBe(1);
    expect(await studentGender(db, b!.id)).toBe("female");
    expect(counter.selects).toBe(2);
  });

  it("reads together the students asked while a read is under way, once it ends", async () => {
    // A database whose reads end when the test says so; it answers every student it knows.
    const reads: Array<() => void> = [];
    const known = [
      { id: 1, gender: "female" },
      { id: 2, gender: "male" },
      { id: 3, gender: "female" },
    ];
    const db = {
      select: () => ({
        from: () => ({
          where: () => new Promise<typeof known>((resolve) => reads.push(() => resolve(known))),
        }),
      }),
    } as unknown as Db;
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const first = studentGender(db, 1);
    await nextTurn();
    expect(reads).toHaveLength(1);
    const second = studentGender(db, 2);
    await nextTurn();
    const third = studentGender(db, 3);
    await nextTurn();
    // Still one read: 2 and 3 wait for it to end.
    expect(reads).toHaveLength(1);
    reads[0]!();
    expect(await first).toBe("female");
    await nextTurn();
    expect(reads).toHaveLength(2);
    reads[1]!();
    expect(await Promise.all([second, third])).toEqual(["male", "female"]);
    await nextTurn();
    expect(reads).toHaveLength(2);
  });
});
