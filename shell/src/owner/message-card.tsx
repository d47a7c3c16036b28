import { useFetcher } from '@portfolio/router';
import type { InboxMessage } from '@portfolio/contracts/owner';
import { jsonSubmit, type ActionResult } from './owner-calls';
import { OwnerTime } from './owner-time';
import styles from './owner.module.css';

/** What the inbox's action does to one message. */
export type InboxIntent = 'read' | 'unread' | 'send-now' | 'delete';

function Delivery({ delivery }: { delivery: InboxMessage['delivery'] }) {
  if (delivery.state === 'delivered')
    return (
      <>
        Delivered <OwnerTime at={delivery.deliveredAt} />
      </>
    );
  return (
    <>
      Waiting: {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'} so far
      {delivery.lastError && <>; last error: {delivery.lastError}</>}; next try{' '}
      <OwnerTime at={delivery.nextAttemptAt} />
    </>
  );
}

/**
 * One stored message. Everything in it is the visitor's text, so it is only ever a React text node
 * (never HTML); line breaks are kept by CSS.
 */
export function MessageCard({ message, onDelete }: { message: InboxMessage; onDelete: () => void }) {
  const fetcher = useFetcher<ActionResult<InboxIntent>>();
  const busy = fetcher.state !== 'idle';
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const subjectId = `message-${message.id}-subject`;
  const submit = (intent: InboxIntent) => {
    if (!busy) void fetcher.submit({ intent, id: String(message.id) }, jsonSubmit);
  };
  return (
    <article className={`card ${message.read ? '' : styles.unreadCard}`} aria-labelledby={subjectId}>
      <div className="card-body">
        <div className={styles.messageHead}>
          <h2 id={subjectId} className="h5 card-title mb-1">
            {message.subject}
          </h2>
          {!message.read && <span className={styles.badge}>Unread</span>}
        </div>
        <dl className={styles.facts}>
          <dt>From</dt>
          <dd>
            {message.fName} {message.lName}
          </dd>
          <dt>Email</dt>
          <dd>{message.email}</dd>
          <dt>Organisation</dt>
          <dd>{message.org || '(none given)'}</dd>
          <dt>Received</dt>
          <dd>
            <OwnerTime at={message.createdAt} />
          </dd>
          <dt>Delivery</dt>
          <dd>
            <Delivery delivery={message.delivery} />
          </dd>
        </dl>
        <div className={styles.text}>{message.message}</div>
        {failed && (
          <p role="alert" className={styles.problem}>
            {failed}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-disabled={busy || undefined}
            onClick={() => submit(message.read ? 'unread' : 'read')}
          >
            {message.read ? 'Mark as unread' : 'Mark as read'}
          </button>
          {message.delivery.state === 'waiting' && (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              aria-disabled={busy || undefined}
              onClick={() => submit('send-now')}
            >
              Send again now
            </button>
          )}
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
