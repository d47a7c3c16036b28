import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useFetcher } from '@portfolio/router';
import type { DeployToken } from '@portfolio/contracts/section-releases';
import { jsonSubmit } from './owner-calls';
import type { TokenActionResult } from './deploy-token-action';

/** "Revoke this token?": whoever holds it can no longer ship, so it is asked once more. */
export function RevokeTokenModal({ token, onClose }: { token: DeployToken | null; onClose: () => void }) {
  const fetcher = useFetcher<TokenActionResult>({ key: `revoke-token-${token?.id ?? 'none'}` });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const revoked = useRef(false);

  const done = result?.ok === true && fetcher.state === 'idle' && token !== null;
  useEffect(() => {
    if (done) {
      revoked.current = true;
      onClose();
    }
  }, [done, onClose]);

  const confirm = () => {
    if (token && !busy) void fetcher.submit({ intent: 'revoke-token', id: String(token.id) }, jsonSubmit);
  };
  // the token's Revoke button is gone with it: focus goes to the tokens' heading instead
  const afterClose = () => {
    if (revoked.current) document.getElementById('tokens-title')?.focus();
    revoked.current = false;
  };

  return (
    <Modal show={token !== null} onHide={onClose} onExited={afterClose} centered aria-labelledby="revoke-title">
      <Modal.Header>
        <Modal.Title id="revoke-title" as="h2" className="h5">
          Revoke this token?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          “{token?.name}” stops working at once: its holder can no longer upload or preview releases. Releases it
          uploaded stay.
        </p>
        {result && !result.ok && (
          <p role="alert" className="mt-2 mb-0">
            {result.message}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" onClick={confirm} aria-disabled={busy || undefined}>
          {busy ? 'Revoking…' : 'Revoke'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
