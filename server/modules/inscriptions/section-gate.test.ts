import pg from "pg";
import { describe, expect, it } from "vitest";
import { sectionGateWidth, throughSectionGate } from "./section-gate.js";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe("the section gate", () => {
  it("lets at most eight requests of one section run at once, the rest in arrival order", async () => {
    const db = {};
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        throughSectionGate(
          db,
          5,
          async () => {
            running += 1;
            most = Math.max(most, running);
            order.push(i);
            await tick();
            running -= 1;
          },
          8,
        ),
      ),
    );
    expect(most).toBe(8);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("keeps other sections and other databases apart, and frees the place of a request that fails", async () => {
    const db = {};
    const other = {};
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    const failing = throughSectionGate(db, 1, async () => {
      throw new Error("refused");
    });
    await expect(failing).rejects.toThrow("refused");
    await Promise.all([
      ...Array.from({ length: 8 }, () => throughSectionGate(db, 1, work, 8)),
      ...Array.from({ length: 8 }, () => throughSectionGate(db, 2, work, 8)),
      ...Array.from({ length: 8 }, () => throughSectionGate(other, 1, work, 8)),
    ]);
    expect(most).toBe(24);
  });

  it("is one request wide on the embedded database and eight on a PostgreSQL server", async () => {
    const embedded = { $client: {} };
    const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none" });
    try {
      expect(sectionGateWidth(embedded)).toBe(1);
      expect(sectionGateWidth({ $client: pool })).toBe(8);
      let running = 0;
      let most = 0;
      await Promise.all(
        Array.from({ length: 5 }, () =>
          throughSectionGate(embedded, 3, async () => {
            running += 1;
            most = Math.max(most, running);
            await tick();
            running -= 1;
          }),
        ),
      );
      expect(most).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
