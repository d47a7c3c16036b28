import { useState } from 'react';
import type { RemoteName } from '@portfolio/contracts/remote-routes';
import { remoteByName } from '@portfolio/parts';
import { useRetryRemote } from '../app/retry-remote-context';

/** A section whose code could not be loaded: say so plainly and offer to try again in place. */
export function RemoteUnavailable({ remote }: { remote: RemoteName }) {
  const retryRemote = useRetryRemote();
  const [retrying, setRetrying] = useState(false);
  return (
    <section className="text-center py-5" aria-labelledby="remote-unavailable-heading" role="alert">
      <h1 id="remote-unavailable-heading" className="h3">
        This part of the site is unavailable
      </h1>
      <p>
        The {remoteByName(remote).label} could not be loaded. The rest of the site still works; check your connection
        and try again.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          retryRemote(remote);
        }}
      >
        {retrying ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            Retrying…
          </>
        ) : (
          'Retry'
        )}
      </button>
    </section>
  );
}
