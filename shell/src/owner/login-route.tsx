import { useEffect, useRef, type SubmitEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { redirect, useFetcher, useLoaderData, type ActionFunctionArgs } from '@portfolio/router';
import { ApiRequestError } from '@portfolio/ui/api-client';
import { ownerPaths, setPasswordCommand, type OwnerStatus } from '@portfolio/contracts/owner';
import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { ownerApi } from './owner-api';
import { describeError, jsonSubmit, submittedFields } from './owner-calls';
import { PageHeading } from './page-heading';
import styles from './owner.module.css';

type LoginResult = { error: string } | { passwordMissing: true };

/** "3 minutes", "40 seconds": the wait a 429's Retry-After names. */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

async function loader(): Promise<OwnerStatus> {
  const status = await ownerApi.status();
  if (status.loggedIn) throw redirect(ownerPaths.inbox);
  return status;
}

async function action({ request }: ActionFunctionArgs): Promise<LoginResult | Response> {
  const password = (await submittedFields(request))('password');
  if (!password) return { error: 'Enter the password.' };
  try {
    await ownerApi.login(password);
    return redirect(ownerPaths.inbox);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) return { error: describeError(error) };
    if (error.status === 401) return { error: 'Wrong password.' };
    if (error.status === 409) return { passwordMissing: true };
    if (error.status === 429)
      return {
        error:
          error.retryAfterSeconds === null
            ? 'Too many wrong passwords. Wait a while, then try again.'
            : `Too many wrong passwords. Try again in ${waitInWords(error.retryAfterSeconds)}.`,
      };
    return { error: describeError(error) };
  }
}

function NoPassword() {
  return (
    <p>
      No password is set yet. On the server, in the site&apos;s folder, run <code>{setPasswordCommand}</code>, then
      reload this page.
    </p>
  );
}

function LoginPage() {
  const status = useLoaderData<OwnerStatus>();
  const fetcher = useFetcher<LoginResult>();
  const field = useRef<HTMLInputElement>(null);
  const result = fetcher.data;
  const error = result && 'error' in result ? result.error : null;
  const busy = fetcher.state !== 'idle';

  // a refused password: focus goes back to the field, which now says what is wrong
  useEffect(() => {
    if (result && 'error' in result) {
      field.current?.focus();
      field.current?.select();
    }
  }, [result]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void fetcher.submit({ password: field.current?.value ?? '' }, jsonSubmit);
  };

  const passwordMissing = !status.passwordSet || (result !== undefined && 'passwordMissing' in result);
  return (
    <div className={styles.narrow}>
      <PageHeading>Owner login</PageHeading>
      {passwordMissing ? (
        <NoPassword />
      ) : (
        <form noValidate onSubmit={submit}>
          <div className="mb-3">
            <label htmlFor="owner-password" className="form-label">
              Password
            </label>
            <input
              ref={field}
              id="owner-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className={error ? 'form-control is-invalid' : 'form-control'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'owner-password-error' : undefined}
            />
            {error && (
              <div id="owner-password-error" className="invalid-feedback">
                {error}
              </div>
            )}
          </div>
          <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
            {busy ? 'Logging in…' : 'Log in'}
          </Button>
        </form>
      )}
    </div>
  );
}

export const loginRoute = {
  loader,
  action,
  Component: LoginPage,
  handle: { title: 'Owner login' },
} satisfies RemoteRouteModule;
