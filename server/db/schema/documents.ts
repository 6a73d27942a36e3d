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
  unique,
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

/**
 * Each generated certificate or letter (issue 11): its public verification code (`/verify/{code}`), the
 * SHA-256 of the PDF bytes as issued and its storage key. Revoked when its request is canceled.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: serial().primaryKey(),
    requestId: integer()
      .notNull()
      .references(() => documentRequests.id, { onDelete: "cascade" }),
    code: varchar({ length: 16 }).notNull(),
    /** The document request type (1, 2 or 4). */
    kind: integer()
      .notNull()
      .references(() => documentRequestTypes.id, { onDelete: "restrict" }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    issuedByUserId: integer().references(() => users.id, { onDelete: "set null" }),
    sha256: varchar({ length: 64 }).notNull(),
    storageKey: varchar({ length: 255 }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [
    unique("issued_documents_code_unique").on(t.code),
    index("issued_documents_request_idx").on(t.requestId),
    index("issued_documents_student_idx").on(t.studentId),
  ],
);
