import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useFetcher } from '@portfolio/router';
import type { SectionOverview } from '@portfolio/contracts/owner';
import { releaseCommand } from '@portfolio/contracts/section-releases';
import { remoteByName } from '@portfolio/parts';
import { jsonSubmit } from './owner-calls';
import type { TokenActionResult } from './deploy-token-action';
import styles from './owner.module.css';
import { ActionOutcome } from './action-outcome';

/** Make a deploy token: section, name, may promote. The secret is shown here once, with the command that uses it. */
export function CreateTokenForm({ sections }: { sections: SectionOverview[] }) {
  const fetcher = useFetcher<TokenActionResult>({ key: 'create-token' });
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const form = useRef<HTMLFormElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // the fields themselves (not FormData): what the owner sees is what is sent
    const fields = event.currentTarget.elements;
    const value = (name: string) =>
      (fields.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';
    const mayPromote = (fields.namedItem('mayPromote') as HTMLInputElement | null)?.checked ?? false;
    if (busy) return;
    setCopied(null);
    void fetcher.submit(
      {
        intent: 'create-token',
        section: value('section'),
        name: value('name'),
        mayPromote: String(mayPromote),
      },
      jsonSubmit,
    );
  };
  const created = result?.ok ? result.created : undefined;
  const copy = (secret: string) =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );

  return (
    <>
      <form
        ref={form}
        className={`mt-2 ${styles.narrow} ${styles.tokenForm}`}
        noValidate
        onSubmit={submit}
        aria-labelledby="new-token-title"
      >
        <h3 id="new-token-title" className="h6">
          New deploy token
        </h3>
        <label htmlFor="token-section" className="form-label">
          Section
        </label>
        <select
          id="token-section"
          name="section"
          className={`form-control mb-2 ${styles.select}`}
          defaultValue={sections[0]?.name}
        >
          {sections.map((section) => (
            <option key={section.name} value={section.name}>
              {section.label}
            </option>
          ))}
        </select>
        <label htmlFor="token-name" className="form-label">
          Name
        </label>
        <input
          id="token-name"
          name="name"
          type="text"
          required
          maxLength={80}
          autoComplete="off"
          className="form-control"
          aria-describedby="token-name-hint"
        />
        <p id="token-name-hint" className={styles.hint}>
          Who or what uses it, for example “Ada’s laptop” or “CI of the About section”.
        </p>
        <div className={styles.check}>
          <input id="token-may-promote" name="mayPromote" type="checkbox" />
          <label htmlFor="token-may-promote">May promote (ship to every visitor without you)</label>
        </div>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary btn-sm" aria-disabled={busy || undefined}>
            {busy ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </form>
      {result && (
        <ActionOutcome result={result}>
          {created ? (
            <>
              <p className="mb-2">Token “{created.token.name}” made. Copy it now: it is shown only this once.</p>
              <label htmlFor="token-secret" className="visually-hidden">
                The new token
              </label>
              <div className={styles.secretRow}>
                <input
                  id="token-secret"
                  readOnly
                  value={created.secret}
                  className={`form-control ${styles.url}`}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <button type="button" className="btn btn-outline-secondary" onClick={() => void copy(created.secret)}>
                  Copy
                </button>
              </div>
              <p className={styles.hint} aria-live="polite">
                {copied === 'copied' && 'Copied.'}
                {copied === 'failed' && 'Could not copy: select the token and copy it yourself.'}
              </p>
              <p className="mb-1 mt-2">Its holder ships a release with:</p>
              <code className={styles.url}>{releaseCommand(remoteByName(created.token.section).folder)}</code>
            </>
          ) : (
            <p className="mb-0">{result.ok ? 'Done.' : result.message}</p>
          )}
        </ActionOutcome>
      )}
    </>
  );
}
