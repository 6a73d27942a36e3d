import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { notificationSortable } from "../../../common/schemas/notifications.js";
import type { DbOrTx } from "../../db/client.js";
import { notificationReceivers, notifications, users } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";

type SortField = (typeof notificationSortable)[number];

export type NotificationListParams = ListParams<SortField> & {
  /** true: only unread; false: only read; absent: both. */
  unread?: boolean;
  type?: number;
};

const sender = alias(users, "sender");

/** The columns of a received notification: the message, the caller's read mark and the sender. */
const receivedColumns = {
  notification: notifications,
  readAt: notificationReceivers.readAt,
  sender: {
    id: sender.id,
    name: sender.name,
    email: sender.email,
    profilePicture: sender.profilePicture,
  },
};

/** Notifications received by `userId`, joined with the receiver row and the (optional) sender. */
function receivedBy(db: DbOrTx, userId: number, where?: SQL) {
  return db
    .select(receivedColumns)
    .from(notificationReceivers)
    .innerJoin(notifications, eq(notifications.id, notificationReceivers.notificationId))
    .leftJoin(sender, eq(sender.id, notifications.senderUserId))
    .where(and(eq(notificationReceivers.userId, userId), where))
    .$dynamic();
}

export type ReceivedNotificationRow = Awaited<ReturnType<typeof receivedBy>>[number];

/**
 * The caller's notifications (those they are a receiver of; nobody else's), newest first by default.
 * `search` looks in the content; `unread` keeps only unread (true) or read (false) ones.
 */
export async function listNotifications(opts: {
  db: DbOrTx;
  userId: number;
  list: NotificationListParams;
}): Promise<Page<ReceivedNotificationRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [notifications.content]),
    list.unread === undefined
      ? undefined
      : list.unread
        ? isNull(notificationReceivers.readAt)
        : isNotNull(notificationReceivers.readAt),
    list.type === undefined ? undefined : eq(notifications.type, list.type),
  );
  return paginate({
    db,
    query: receivedBy(db, opts.userId, where),
    list,
    sortColumns: {
      created_at: notifications.createdAt,
      id: notifications.id,
      type: notifications.type,
    },
    tieBreaker: notifications.id,
  });
}

/** One notification of the caller (only a receiver sees it: for anyone else it does not exist, 404). */
export async function getNotification(opts: {
  db: DbOrTx;
  userId: number;
  notificationId: number;
}): Promise<ReceivedNotificationRow> {
  const [row] = await receivedBy(opts.db, opts.userId, eq(notifications.id, opts.notificationId));
  if (!row) throw notFound("notification_not_found", "La notificación no existe.");
  return row;
}

/**
 * Sets the caller's reading of a notification: read (keeping the first reading time) or unread again.
 * Only a receiver may (404 for anyone else).
 */
export async function setNotificationRead(opts: {
  db: DbOrTx;
  userId: number;
  notificationId: number;
  read: boolean;
}): Promise<ReceivedNotificationRow> {
  if (opts.read) return markNotificationAsRead(opts);
  const { db, userId, notificationId } = opts;
  const [changed] = await db
    .update(notificationReceivers)
    .set({ readAt: null })
    .where(
      and(eq(notificationReceivers.notificationId, notificationId), eq(notificationReceivers.userId, userId)),
    )
    .returning({ notificationId: notificationReceivers.notificationId });
  if (!changed) throw notFound("notification_not_found", "La notificación no existe.");
  return getNotification(opts);
}

/**
 * Removes a notification from the caller's list (their receiver row): the other receivers keep theirs.
 * Only a receiver may (404 for anyone else, and for a second delete).
 */
export async function deleteNotification(opts: {
  db: DbOrTx;
  userId: number;
  notificationId: number;
}): Promise<void> {
  const [removed] = await opts.db
    .delete(notificationReceivers)
    .where(
      and(
        eq(notificationReceivers.notificationId, opts.notificationId),
        eq(notificationReceivers.userId, opts.userId),
      ),
    )
    .returning({ notificationId: notificationReceivers.notificationId });
  if (!removed) throw notFound("notification_not_found", "La notificación no existe.");
}

/**
 * Marks a notification read for the caller (spec.md §4: unread → read). Only a receiver may: for anyone
 * else it does not exist (404). Marking it again keeps the first reading time.
 */
export async function markNotificationAsRead(opts: {
  db: DbOrTx;
  userId: number;
  notificationId: number;
}): Promise<ReceivedNotificationRow> {
  const { db, userId, notificationId } = opts;
  const [marked] = await db
    .update(notificationReceivers)
    .set({ readAt: sql`coalesce(${notificationReceivers.readAt}, now())` })
    .where(
      and(eq(notificationReceivers.notificationId, notificationId), eq(notificationReceivers.userId, userId)),
    )
    .returning({ notificationId: notificationReceivers.notificationId });
  if (!marked) throw notFound("notification_not_found", "La notificación no existe.");
  const [row] = await receivedBy(db, userId, eq(notifications.id, notificationId));
  return row!;
}
