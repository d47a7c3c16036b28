import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ownerPaths, setPasswordCommand } from '@portfolio/contracts/owner';
import { installFakeApi, renderOwnerPage, status } from './owner-test-kit';

const apiError = (statusCode: number, message: string) => ({ statusCode, error: 'Error', message });

describe('the owner login page', () => {
  it('says how to set a password while none is set, and shows no form', async () => {
    installFakeApi({ 'GET owner/status': () => status(false, false) });
    renderOwnerPage(ownerPaths.login);
    expect(await screen.findByRole('heading', { level: 1, name: 'Owner login' })).toHaveFocus();
    expect(screen.getByText(setPasswordCommand)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('refuses a wrong password in words, on the field, with focus back on it', async () => {
    installFakeApi({
      'GET owner/status': () => status(false),
      'POST owner/login': () => ({ status: 401, body: apiError(401, 'Unauthorized') }),
    });
    renderOwnerPage(ownerPaths.login);
    const field = await screen.findByLabelText('Password');
    await userEvent.type(field, 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Wrong password.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  it("says how long to wait when guessing is throttled (the 429's Retry-After)", async () => {
    installFakeApi({
      'GET owner/status': () => status(false),
      'POST owner/login': () => ({ status: 429, body: apiError(429, 'Slow down'), headers: { 'Retry-After': '600' } }),
    });
    renderOwnerPage(ownerPaths.login);
    await userEvent.type(await screen.findByLabelText('Password'), 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many wrong passwords. Try again in 10 minutes.')).toBeInTheDocument();
  });

  it('goes on to the inbox once the password is right, and straight there when already logged in', async () => {
    let loggedIn = false;
    const calls = installFakeApi({
      'GET owner/status': () => status(loggedIn),
      'POST owner/login': () => {
        loggedIn = true;
        return status(true);
      },
      'GET owner/messages?page=1': () => ({ body: { messages: [], page: 1, pageSize: 20, total: 0, unread: 0 } }),
    });
    const router = renderOwnerPage(ownerPaths.login);
    await userEvent.type(await screen.findByLabelText('Password'), 'right one');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ownerPaths.inbox);
    expect(calls.find((call) => call.call === 'POST owner/login')?.body).toEqual({ password: 'right one' });

    await router.navigate(ownerPaths.login);
    await waitFor(() => expect(router.state.location.pathname).toBe(ownerPaths.inbox));
  });
});
