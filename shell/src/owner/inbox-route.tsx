import { useState } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from '@portfolio/router';
import { ownerPaths, type InboxMessage, type InboxPage } from '@portfolio/contracts/owner';
import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { ownerApi } from './owner-api';
import { actionResult, submittedFields, withSession, type ActionResult } from './owner-calls';
import { DeleteMessageModal } from './delete-message-modal';
import { MessageCard, type InboxIntent } from './message-card';
import { OwnerErrorPage } from './owner-error-page';
import { PageHeading } from './page-heading';
import styles from './owner.module.css';

function pageOf(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const loader = ({ request }: LoaderFunctionArgs): Promise<InboxPage> =>
  withSession(() => ownerApi.messages(pageOf(request)));

async function action({ request }: ActionFunctionArgs): Promise<ActionResult<InboxIntent>> {
  const field = await submittedFields(request);
  const id = Number(field('id'));
  const intent = field('intent') as InboxIntent;
  const calls: Record<InboxIntent, () => Promise<unknown>> = {
    read: () => ownerApi.markRead(id, true),
    unread: () => ownerApi.markRead(id, false),
    'send-now': () => ownerApi.sendNow(id),
    delete: () => ownerApi.deleteMessage(id),
  };
  const call = Object.hasOwn(calls, intent) ? calls[intent] : null;
  if (!call || !Number.isInteger(id)) return { intent, ok: false, message: 'Unknown action.', problems: [] };
  return actionResult(intent, call);
}

const pageLink = (page: number) => `${ownerPaths.inbox}?page=${page}`;

function InboxPages({ page, pageSize, total }: Pick<InboxPage, 'page' | 'pageSize' | 'total'>) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label="Inbox pages" className={styles.pages}>
      {page > 1 ? <Link to={pageLink(page - 1)}>Newer messages</Link> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={pageLink(page + 1)}>Older messages</Link> : <span />}
    </nav>
  );
}

function Inbox() {
  const inbox = useLoaderData<InboxPage>();
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  return (
    <>
      <PageHeading>Inbox</PageHeading>
      <p className="text-body-secondary" role="status">
        {inbox.total === 0
          ? 'No messages yet. What visitors send through the contact form shows here.'
          : `${inbox.unread} unread of ${inbox.total} message${inbox.total === 1 ? '' : 's'}, newest first.`}
      </p>
      {inbox.messages.length === 0 && inbox.total > 0 && (
        <p>
          This page is empty. <Link to={pageLink(1)}>Go to the newest messages</Link>.
        </p>
      )}
      <div className="d-flex flex-column gap-3">
        {inbox.messages.map((message) => (
          <MessageCard key={message.id} message={message} onDelete={() => setDeleting(message)} />
        ))}
      </div>
      <InboxPages {...inbox} />
      <DeleteMessageModal message={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export const inboxRoute = {
  loader,
  action,
  Component: Inbox,
  ErrorBoundary: OwnerErrorPage,
  handle: { title: 'Inbox' },
} satisfies RemoteRouteModule;
