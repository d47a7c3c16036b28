import { useEffect, useRef, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useFetcher } from '@portfolio/router';
import { jsonSubmit } from './owner-calls';

interface ConfirmRemovalProps {
  /** the call that removes the item (an intent, its id, and any field it also needs); null while none is removed */
  removal: { intent: string; id: number | string; fields?: Record<string, string> } | null;
  /** "Delete this message?" */
  title: string;
  /** what removing it means, in a sentence */
  children: ReactNode;
  /** the button's words, and while the call runs */
  action: string;
  acting: string;
  /** the removed item's button is gone with it: where focus goes once the dialog has closed */
  focusAfter: () => HTMLElement | null;
  onClose: () => void;
}

/**
 * "Remove this for good?" asked once more (react-bootstrap's modal): one fetcher per item, so what happened to
 * one never shows in the dialog for another; the dialog closes once the page has reloaded without the item.
 */
export function ConfirmRemovalModal({
  removal,
  title,
  children,
  action,
  acting,
  focusAfter,
  onClose,
}: ConfirmRemovalProps) {
  const fetcher = useFetcher<{ ok: true } | { ok: false; message: string }>({
    key: removal ? `${removal.intent}-${removal.id}` : 'removal-none',
  });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const removed = useRef(false);

  const done = result?.ok === true && fetcher.state === 'idle' && removal !== null;
  useEffect(() => {
    if (done) {
      removed.current = true;
      onClose();
    }
  }, [done, onClose]);

  const confirm = () => {
    if (removal && !busy)
      void fetcher.submit({ ...removal.fields, intent: removal.intent, id: String(removal.id) }, jsonSubmit);
  };
  const afterClose = () => {
    if (removed.current) focusAfter()?.focus();
    removed.current = false;
  };

  return (
    <Modal show={removal !== null} onHide={onClose} onExited={afterClose} centered aria-labelledby="removal-title">
      <Modal.Header>
        <Modal.Title id="removal-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{children}</p>
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
          {busy ? acting : action}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
