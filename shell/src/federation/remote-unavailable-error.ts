import type { RemoteName } from '@portfolio/contracts/remote-routes';

/** A section's code could not be fetched or run: its routes show a retry view, the rest of the site works. */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remote: RemoteName,
    options?: { cause?: unknown },
  ) {
    super(`The ${remote} section could not be loaded.`, options);
  }
}
