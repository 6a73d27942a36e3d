import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { courses, semesters, specializations } from "./academics.js";
import { timestamps } from "./columns.js";
import { students } from "./people.js";
import { periods } from "./periods.js";
import { users } from "./users.js";

/** Virtual library entry; specialization, semester and course must agree (checked by the service). */
export const documents = pgTable(
  "documents",
  {
    id: serial().primaryKey(),
    title: varchar({ length: 200 }).notNull(),
    description: text(),
    /** Stored file, relative to the storage folder. */
    file: varchar({ length: 255 }).notNull(),
    coverPicture: varchar({ length: 255 }),
    specializationId: integer().references(() => specializations.id, { onDelete: "set null" }),
    semesterId: integer().references(() => semesters.id, { onDelete: "set null" }),
    courseId: integer().references(() => courses.id, { onDelete: "set null" }),
    uploadedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("documents_specialization_idx").on(t.specializationId),
    index("documents_semester_idx").on(t.semesterId),
    index("documents_course_idx").on(t.courseId),
  ],
);

/**
 * Kinds of document a student may request. Ids are the type numbers of spec.md (1 study certificate,
 * 2 grades certificate, 4 graduate recommendation letter), inserted by migration `document_request_types`.
 */
export const documentRequestTypes = pgTable("document_request_types", {
  id: integer().primaryKey(),
  name: varchar({ length: 150 }).notNull(),
  description: text(),
  enabled: boolean().notNull().default(true),
  color: varchar({ length: 20 }),
  textColor: varchar({ length: 20 }),
  ...timestamps,
});

export const documentRequestStatuses = ["pending", "generated", "retired", "canceled"] as const;

export const documentRequests = pgTable(
  "document_requests",
  {
    id: serial().primaryKey(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    typeId: integer()
      .notNull()
      .references(() => documentRequestTypes.id, { onDelete: "restrict" }),
    periodId: integer().references(() => periods.id, { onDelete: "set null" }),
    status: varchar({ length: 10 }).notNull().default("pending"),
    observation: text(),
    generatedAt: timestamp({ withTimezone: true }),
    retiredAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    handledByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check(
      "document_requests_status_valid",
      sql`${t.status} in ('pending', 'generated', 'retired', 'canceled')`,
    ),
    index("document_requests_student_idx").on(t.studentId),
    index("document_requests_status_idx").on(t.status),
  ],
);
