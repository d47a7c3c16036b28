import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useFetcher } from '@portfolio/router';
import type { InboxMessage } from '@portfolio/contracts/owner';
import { jsonSubmit, type ActionResult } from './owner-calls';
import type { InboxIntent } from './message-card';

/** "Delete this message?": deleting is for good, so it is asked once more (react-bootstrap's modal). */
export function DeleteMessageModal({ message, onClose }: { message: InboxMessage | null; onClose: () => void }) {
  // one fetcher per message: what happened to one never shows in the dialog for another
  const fetcher = useFetcher<ActionResult<InboxIntent>>({ key: `delete-message-${message?.id ?? 'none'}` });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const deleted = useRef(false);

  // the inbox reloads without the message; the dialog then closes
  const done = result?.ok === true && fetcher.state === 'idle' && message !== null;
  useEffect(() => {
    if (done) {
      deleted.current = true;
      onClose();
    }
  }, [done, onClose]);

  const confirm = () => {
    if (message && !busy) void fetcher.submit({ intent: 'delete', id: String(message.id) }, jsonSubmit);
  };
  // the message's Delete button is gone with it: focus goes to the page's heading instead
  const afterClose = () => {
    if (deleted.current) document.querySelector<HTMLElement>('main h1')?.focus();
    deleted.current = false;
  };

  return (
    <Modal show={message !== null} onHide={onClose} onExited={afterClose} centered aria-labelledby="delete-title">
      <Modal.Header>
        <Modal.Title id="delete-title" as="h2" className="h5">
          Delete this message?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          The message from {message?.fName} {message?.lName} about “{message?.subject}” is deleted for good.
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
          {busy ? 'Deleting…' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
