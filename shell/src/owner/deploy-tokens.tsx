import { useState } from 'react';
import type { SectionOverview } from '@portfolio/contracts/owner';
import type { DeployToken } from '@portfolio/contracts/section-releases';
import { CreateTokenForm } from './create-token-form';
import { OwnerTime } from './owner-time';
import { RevokeTokenModal } from './revoke-token-modal';
import type { Loaded } from './sections-page-data';
import styles from './owner.module.css';

/** The deploy tokens: who may ship which section (and promote it), when each was last used; make and revoke them. */
export function DeployTokens({ tokens, sections }: { tokens: Loaded<DeployToken[]>; sections: SectionOverview[] }) {
  const [revoking, setRevoking] = useState<DeployToken | null>(null);
  const labelOf = new Map(sections.map((section) => [section.name, section.label]));
  let list;
  if (!tokens.ok) {
    list = (
      <p role="alert" className={styles.problem}>
        The deploy tokens could not be loaded: {tokens.message}
      </p>
    );
  } else if (tokens.value.length === 0) {
    list = <p>No deploy tokens yet. Make one below for each section&apos;s developer or CI job.</p>;
  } else {
    list = (
      <ul className={styles.tokens}>
        {tokens.value.map((token) => (
          <li key={token.id}>
            <p className={styles.releaseHead}>
              <strong>{token.name}</strong>
              <span>{labelOf.get(token.section) ?? token.section}</span>
              {token.mayPromote && <span className={styles.badge}>May promote</span>}
            </p>
            <dl className={styles.facts}>
              <dt>Created</dt>
              <dd>
                <OwnerTime at={token.createdAt} />
              </dd>
              <dt>Last used</dt>
              <dd>{token.lastUsedAt ? <OwnerTime at={token.lastUsedAt} /> : 'Never'}</dd>
            </dl>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setRevoking(token)}>
              Revoke<span className="visually-hidden"> the token “{token.name}”</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="tokens-title" className="mt-4">
      {/* focusable by script only: where focus goes once a revoked token's button is gone */}
      <h2 id="tokens-title" className="h4" tabIndex={-1}>
        Deploy tokens
      </h2>
      <p className="text-body-secondary">
        A deploy token lets a section&apos;s developer, or a CI job, upload releases of that one section and preview
        them. Promoting needs you, unless the token may promote.
      </p>
      {list}
      <CreateTokenForm sections={sections} />
      <RevokeTokenModal token={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}
