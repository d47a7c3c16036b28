import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from '@portfolio/router';
import { documentTitle, errorTitle } from '@portfolio/contracts/site-config';
import { RemoteUnavailableError } from '../federation/remote-unavailable-error';
import { SiteFrame } from '../layout/site-frame';
import { RemoteUnavailable } from './remote-unavailable';

/** docs/product-rules.md: the error's statusText, else its message. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

function ErrorContent() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  useEffect(() => {
    document.title = documentTitle(errorTitle(status));
  }, [status]);
  if (error instanceof RemoteUnavailableError) return <RemoteUnavailable remote={error.remote} />;
  return (
    <section className="text-center py-5" aria-labelledby="error-heading">
      <h1 id="error-heading">Oops!</h1>
      <p>Sorry, an unexpected error has occurred. Please contact the site administrator for assistance.</p>
      <p>
        <i>{errorDetail(error)}</i>
      </p>
      {/* a visitor on a broken page should not have to find the way out in the header */}
      <Link to="/" className="btn btn-primary">
        Back to the home page
      </Link>
    </section>
  );
}

/** Errors of a section: shown inside the header and footer. */
export function RouteErrorPage() {
  return <ErrorContent />;
}

/** Last resort, for an error in the frame itself: draws the frame again around the message. */
export function RootErrorPage() {
  return (
    <SiteFrame>
      <ErrorContent />
    </SiteFrame>
  );
}
