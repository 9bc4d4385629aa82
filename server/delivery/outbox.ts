import { desc, eq, lt } from 'drizzle-orm';
import { maskCredential } from '../../api/maskCredential.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema.two-factor.ts';
import type { Delivery, DeliveryChannel } from './delivery.ts';

/** How long kept messages stay (purgeExpired): a code in one is dead after minutes anyway. */
export const OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The page and the JSON show the newest this many. */
export const OUTBOX_PAGE_SIZE = 100;

/**
 * The embedded adapter: the message is stored in the `outbox` table instead of being sent, so the whole
 * two-factor flow runs on one machine and a developer (or a browser test) reads the code at /dev/outbox.
 */
export function outboxDelivery(db: Database, now: () => Date): Delivery {
  return {
    async deliver(message) {
      await db.insert(outbox).values({
        at: now(),
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        text: message.text,
      });
    },
  };
}

/** A kept message as /dev/outbox shows it: the recipient masked (spec §5), the text in full. */
export interface OutboxEntry {
  id: number;
  at: string;
  channel: DeliveryChannel;
  to: string;
  subject: string | null;
  text: string;
}

/** Newest first; `to` keeps only the messages for exactly that recipient (an email or an E.164 number). */
export async function listOutbox(db: Database, to?: string): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(to === undefined ? undefined : eq(outbox.recipient, to))
    .orderBy(desc(outbox.at), desc(outbox.id))
    .limit(OUTBOX_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    channel: row.channel as DeliveryChannel,
    to: maskCredential(row.recipient),
    subject: row.subject,
    text: row.text,
  }));
}

export async function purgeOutbox(db: Database, now: Date): Promise<void> {
  await db.delete(outbox).where(lt(outbox.at, new Date(now.getTime() - OUTBOX_RETENTION_MS)));
}
