import { useLocation, useNavigate, useRouteError } from '@portfolio/router';
import { describeError } from './owner-calls';
import { PageHeading } from './page-heading';

/** An owner page whose data could not be loaded: what went wrong, and a way to try again (the nav stays). */
export function OwnerErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <PageHeading>Could not load this page</PageHeading>
      <p>{describeError(error)}</p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true })}
      >
        Try again
      </button>
    </>
  );
}
