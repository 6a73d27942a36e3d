import type { Classroom } from "../../api/classrooms";

export const classroom = (id: number, overrides: Partial<Classroom> = {}): Classroom => ({
  id,
  code: `A-${id}`,
  description: `Aula ${id}`,
  max_capacity: 30 + id,
  multiple_sections: false,
  enabled: true,
  state: true,
  ...overrides,
});

/** A list answer of `rows` out of `total`. */
export function listAnswer(rows: Classroom[], total = rows.length, page = 1, perPage = 10) {
  return {
    data: rows,
    meta: {
      total,
      per_page: perPage,
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
    },
  };
}

/** Query of a fetched URL as a plain object. */
export const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);
