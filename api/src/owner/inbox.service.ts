import { Inject, Injectable } from '@nestjs/common';
import { inboxPageSize, type InboxMessage, type InboxPage } from '@portfolio/contracts/owner';
import type { StoredMessage } from '../contact/stored-message.js';
import { DATABASE, type Database } from '../storage/database.js';

/** The outbox's row, plus what the inbox shows of its state. */
interface MessageRow extends StoredMessage {
  read_at: Date | null;
  delivered_at: Date | null;
  last_error: string | null;
  next_attempt_at: Date;
}

const columns =
  'id, f_name, l_name, email, org, subject, message, created_at, read_at, delivered_at, attempts, last_error, next_attempt_at';

/** A row as the inbox shows it: the visitor's fields untouched (the page shows them as text). */
function inboxMessage(row: MessageRow): InboxMessage {
  return {
    id: row.id,
    fName: row.f_name,
    lName: row.l_name,
    email: row.email,
    org: row.org,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
    delivery: row.delivered_at
      ? { state: 'delivered', deliveredAt: row.delivered_at.toISOString() }
      : {
          state: 'waiting',
          attempts: row.attempts,
          lastError: row.last_error,
          nextAttemptAt: row.next_attempt_at.toISOString(),
        },
  };
}

/** What happened to a message asked to go out now. */
type SendNowOutcome = { message: InboxMessage } | 'unknown' | 'delivered';

/** The owner's view of table contact_messages (the outbox): list, read marks, send again, delete. */
@Injectable()
export class InboxService {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async page(page: number): Promise<InboxPage> {
    const [counts] = await this.database.query<{ total: number; unread: number }>(
      'select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread from contact_messages',
    );
    const rows = await this.database.query<MessageRow>(
      `select ${columns} from contact_messages order by created_at desc, id desc limit $1 offset $2`,
      [inboxPageSize, (page - 1) * inboxPageSize],
    );
    return {
      messages: rows.map(inboxMessage),
      page,
      pageSize: inboxPageSize,
      total: counts?.total ?? 0,
      unread: counts?.unread ?? 0,
    };
  }

  /** Marks it read (keeping when it was first read) or unread; null when there is no such message. */
  async markRead(id: number, read: boolean): Promise<InboxMessage | null> {
    const [row] = await this.database.query<MessageRow>(
      `update contact_messages set read_at = case when $2 then coalesce(read_at, now()) else null end
       where id = $1 returning ${columns}`,
      [id, read],
    );
    return row ? inboxMessage(row) : null;
  }

  /**
   * Makes a waiting message due now, for the outbox to send at once. If a replica is sending it at this very
   * moment it may go out twice, with the same Message-ID (as after a crash): never lost.
   */
  async sendNow(id: number): Promise<SendNowOutcome> {
    const [row] = await this.database.query<MessageRow>(
      `update contact_messages set next_attempt_at = now() where id = $1 and delivered_at is null returning ${columns}`,
      [id],
    );
    if (row) return { message: inboxMessage(row) };
    const known = await this.database.query('select 1 from contact_messages where id = $1', [id]);
    return known.length > 0 ? 'delivered' : 'unknown';
  }

  /** Deletes it for good; false when there was no such message. */
  async remove(id: number): Promise<boolean> {
    const rows = await this.database.query('delete from contact_messages where id = $1 returning id', [id]);
    return rows.length > 0;
  }
}
