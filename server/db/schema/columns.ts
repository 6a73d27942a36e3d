import { timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at pair shared by most tables. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const genders = ["female", "male"] as const;
export type Gender = (typeof genders)[number];
