import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import type { NotificationParams } from "../../../common/schemas/notifications.js";
import { courseSections, sections } from "./sections.js";
import { users } from "./users.js";

/**
 * A message; `type` is the audience of spec.md §9 (1 all … 6 automatic, 7 one user, 8 a section's
 * students, 9 a course section's students). Receivers are resolved when it is sent.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial().primaryKey(),
    content: text().notNull(),
    /** Stored file URL. */
    attachment: varchar({ length: 255 }),
    type: smallint().notNull(),
    /** Machine code of an automatic notification, e.g. payment_approved. */
    code: varchar({ length: 60 }),
    /** The parameters of a coded notification's text, for the web app to render it in the reader's language. */
    params: jsonb().$type<NotificationParams>(),
    /** Where the web app goes when the notification is opened. */
    back: varchar({ length: 255 }),
    /** Null for the system. */
    senderUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Only for type 7. */
    receiverUserId: integer().references(() => users.id, { onDelete: "cascade" }),
    sectionId: integer().references(() => sections.id, { onDelete: "set null" }),
    courseSectionId: integer().references(() => courseSections.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("notifications_type_range", sql`${t.type} between 1 and 9`),
    check("notifications_receiver_only_single", sql`${t.receiverUserId} is null or ${t.type} = 7`),
    index("notifications_sender_idx").on(t.senderUserId),
    index("notifications_receiver_idx").on(t.receiverUserId),
    index("notifications_created_at_idx").on(t.createdAt),
  ],
);

export const notificationReceivers = pgTable(
  "notification_receivers",
  {
    notificationId: integer()
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "notification_receivers_pk", columns: [t.notificationId, t.userId] }),
    index("notification_receivers_user_idx").on(t.userId, t.readAt),
  ],
);
