import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ownerPaths, type InboxMessage, type InboxPage } from '@portfolio/contracts/owner';
import { installFakeApi, renderOwnerPage, status } from './owner-test-kit';

const stored = (id: number, fields: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  fName: 'Ada',
  lName: 'Lovelace',
  email: 'ada@example.com',
  org: 'Engines',
  subject: `Subject ${id}`,
  message: `Message ${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  read: false,
  delivery: { state: 'delivered', deliveredAt: '2026-11-20T10:00:05.000Z' },
  ...fields,
});

const inbox = (messages: InboxMessage[], page: Partial<InboxPage> = {}) => ({
  body: {
    messages,
    page: 1,
    pageSize: 20,
    total: messages.length,
    unread: messages.filter((message) => !message.read).length,
    ...page,
  },
});

describe('the inbox', () => {
  it("shows a visitor's markup as text, line breaks kept, and each message's delivery state", async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>\nsecond line';
    installFakeApi({
      'GET owner/status': () => status(true),
      'GET owner/messages?page=1': () =>
        inbox([
          stored(2, { subject: '<i>Hi</i>', message: html }),
          stored(1, {
            read: true,
            delivery: {
              state: 'waiting',
              attempts: 3,
              lastError: 'Connection refused',
              nextAttemptAt: '2026-11-20T11:00:00.000Z',
            },
          }),
        ]),
    });
    renderOwnerPage(ownerPaths.inbox);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('1 unread of 2 messages');

    const markup = screen.getByRole('article', { name: '<i>Hi</i>' });
    expect(markup.querySelector('img, b, i')).toBeNull();
    expect(within(markup).getByText(/^<img src=x/).textContent).toBe(html);
    expect(within(markup).getByText('Unread')).toBeInTheDocument();
    expect(markup).toHaveTextContent(/Delivered \S/);
    expect(within(markup).queryByRole('button', { name: 'Send again now' })).toBeNull();

    const waiting = screen.getByRole('article', { name: 'Subject 1' });
    expect(waiting).toHaveTextContent(/Waiting: 3 attempts so far; last error: Connection refused; next try \S/);
    expect(within(waiting).getByRole('button', { name: 'Send again now' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
  });

  it('marks read, sends again and deletes (after a confirmation) through the API', async () => {
    let messages = [stored(7, { delivery: { state: 'waiting', attempts: 1, lastError: null, nextAttemptAt: 'x' } })];
    const calls = installFakeApi({
      'GET owner/status': () => status(true),
      'GET owner/messages?page=1': () => inbox(messages),
      'PATCH owner/messages/7': (body) => {
        messages = [{ ...messages[0]!, read: (body as { read: boolean }).read }];
        return { body: messages[0] };
      },
      'POST owner/messages/7/send-now': () => ({ body: messages[0] }),
      'DELETE owner/messages/7': () => {
        messages = [];
        return { status: 204 };
      },
    });
    renderOwnerPage(ownerPaths.inbox);
    const message = await screen.findByRole('article', { name: 'Subject 7' });
    await userEvent.click(within(message).getByRole('button', { name: 'Mark as read' }));
    expect(await within(message).findByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();
    await userEvent.click(within(message).getByRole('button', { name: 'Send again now' }));
    await waitFor(() => expect(calls.map((call) => call.call)).toContain('POST owner/messages/7/send-now'));

    await userEvent.click(within(message).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(calls.map((call) => call.call)).not.toContain('DELETE owner/messages/7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(calls.find((call) => call.call === 'PATCH owner/messages/7')?.body).toEqual({ read: true });
    expect(await screen.findByText(/^No messages yet/)).toBeInTheDocument();
  });

  it('sends to the login page when the session has ended (401)', async () => {
    let sessionEnds = false;
    installFakeApi({
      // the session ends between the two calls
      'GET owner/status': () => {
        const answer = status(!sessionEnds);
        sessionEnds = true;
        return answer;
      },
      'GET owner/messages?page=1': () => ({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'x' },
      }),
    });
    const router = renderOwnerPage(ownerPaths.inbox);
    await waitFor(() => expect(router.state.location.pathname).toBe(ownerPaths.login));
  });

  it('says what went wrong when the inbox cannot be loaded, and tries again on request', async () => {
    let down = true;
    installFakeApi({
      'GET owner/status': () => status(true),
      'GET owner/messages?page=1': () =>
        down
          ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Database down.' } }
          : inbox([]),
    });
    renderOwnerPage(ownerPaths.inbox);
    expect(await screen.findByText('Database down.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Owner' })).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
  });
});
