import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { semesters, specializations } from "./academics.js";
import { timestamps } from "./columns.js";
import { students } from "./people.js";
import { periods } from "./periods.js";
import { courseSections, sections } from "./sections.js";

export type SocialNetworks = { instagrams: string; facebook: string; twitter: string };

/** The public pre-registration form; an admin approval turns it into a user and a student. */
export const preInscriptions = pgTable(
  "pre_inscriptions",
  {
    id: serial().primaryKey(),
    periodId: integer().references(() => periods.id, { onDelete: "set null" }),
    firstName: varchar({ length: 100 }).notNull(),
    lastName: varchar({ length: 100 }).notNull(),
    identityDocument: varchar({ length: 20 }).notNull(),
    email: varchar({ length: 255 }).notNull(),
    phone: varchar({ length: 30 }),
    birthDate: date(),
    gender: varchar({ length: 6 }).notNull(),
    address: text(),
    specializationId: integer().references(() => specializations.id, { onDelete: "set null" }),
    socialNetworks: jsonb()
      .$type<SocialNetworks>()
      .notNull()
      .default({ instagrams: "", facebook: "", twitter: "" }),
    status: varchar({ length: 10 }).notNull().default("pending"),
    approvedAt: timestamp({ withTimezone: true }),
    /** The student created on approval. */
    studentId: integer().references(() => students.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("pre_inscriptions_gender_valid", sql`${t.gender} in ('female', 'male')`),
    check("pre_inscriptions_status_valid", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index("pre_inscriptions_period_idx").on(t.periodId),
    // The pre-inscription of a student, looked up by every inscription.
    index("pre_inscriptions_student_idx").on(t.studentId),
    // One pre-inscription per cédula and per e-mail in a period, even when two arrive at once.
    uniqueIndex("pre_inscriptions_period_identity_document_unique").on(t.periodId, t.identityDocument),
    uniqueIndex("pre_inscriptions_period_email_unique").on(t.periodId, sql`lower(${t.email})`),
  ],
);

/** A student's place in a period: semester, section and specialization. One per student and period. */
export const inscriptions = pgTable(
  "inscriptions",
  {
    id: serial().primaryKey(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "restrict" }),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "restrict" }),
    sectionId: integer().notNull(),
    semesterId: integer()
      .notNull()
      .references(() => semesters.id, { onDelete: "restrict" }),
    specializationId: integer()
      .notNull()
      .references(() => specializations.id, { onDelete: "restrict" }),
    /** inscription (first time) or reinscription. */
    kind: varchar({ length: 14 }).notNull().default("inscription"),
    /** active, or retired when the student is withdrawn from the period. */
    status: varchar({ length: 10 }).notNull().default("active"),
    preInscriptionId: integer().references(() => preInscriptions.id, { onDelete: "set null" }),
    /** Set when the semester is approved (`approves-current-semester`). */
    approvedAt: timestamp({ withTimezone: true }),
    retiredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique("inscriptions_student_period_unique").on(t.studentId, t.periodId),
    unique("inscriptions_id_student_unique").on(t.id, t.studentId),
    // The section belongs to the same period and semester as the inscription.
    foreignKey({
      name: "inscriptions_section_fk",
      columns: [t.sectionId, t.periodId, t.semesterId],
      foreignColumns: [sections.id, sections.periodId, sections.semesterId],
    }).onDelete("restrict"),
    check("inscriptions_kind_valid", sql`${t.kind} in ('inscription', 'reinscription')`),
    check("inscriptions_status_valid", sql`${t.status} in ('active', 'retired')`),
    // A period's inscriptions counted by specialization, semester and status from the index alone (the
    // administration's dashboard); its first column serves every "inscriptions of a period" lookup.
    index("inscriptions_period_counts_idx").on(t.periodId, t.specializationId, t.semesterId, t.status),
    // The students list's filters (period, specialization) answered from the index alone.
    index("inscriptions_period_specialization_student_idx").on(t.periodId, t.specializationId, t.studentId),
    index("inscriptions_section_idx").on(t.sectionId),
    index("inscriptions_semester_idx").on(t.semesterId),
  ],
);

/** A student taking a course section, through an inscription. */
export const courseEnrolments = pgTable(
  "course_enrolments",
  {
    id: serial().primaryKey(),
    inscriptionId: integer().notNull(),
    studentId: integer().notNull(),
    courseSectionId: integer()
      .notNull()
      .references(() => courseSections.id, { onDelete: "restrict" }),
    status: varchar({ length: 10 }).notNull().default("enrolled"),
    withdrawnAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique("course_enrolments_student_course_section_unique").on(t.studentId, t.courseSectionId),
    foreignKey({
      name: "course_enrolments_inscription_fk",
      columns: [t.inscriptionId, t.studentId],
      foreignColumns: [inscriptions.id, inscriptions.studentId],
    }).onDelete("cascade"),
    check("course_enrolments_status_valid", sql`${t.status} in ('enrolled', 'withdrawn')`),
    index("course_enrolments_inscription_idx").on(t.inscriptionId),
    index("course_enrolments_course_section_idx").on(t.courseSectionId),
  ],
);
