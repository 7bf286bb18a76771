import { and, desc, eq } from 'drizzle-orm';
import type { Notification, NotificationCode } from '#contract/entities.ts';
import { type NotificationParams, notifications } from '../schema/accounts.ts';
import type { Db } from '../types.ts';

function toWireNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
    ...(row.code ? { code: row.code, params: row.params ?? {} } : {}),
  };
}

/** What a notification says: its code and parameters (the SPA words them), and the English text for the rest. */
export type NotificationText = { code: NotificationCode; params: NotificationParams; message: string };

export async function insertNotification(db: Db, userId: number, text: NotificationText, now: Date): Promise<void> {
  await db.insert(notifications).values({ userId, ...text, createdAt: now });
}

export async function listNotifications(db: Db, userId: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(100);
  return rows.map(toWireNotification);
}

/** Marks one of the user's own notifications read; another user's id finds nothing. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<Notification | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ? toWireNotification(row) : undefined;
}
