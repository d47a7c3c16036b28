import type { InboxMessage } from '@portfolio/contracts/owner';
import { ConfirmRemovalModal } from './confirm-removal-modal';

/** "Delete this message?": deleting is for good, so it is asked once more. */
export function DeleteMessageModal({ message, onClose }: { message: InboxMessage | null; onClose: () => void }) {
  return (
    <ConfirmRemovalModal
      removal={message && { intent: 'delete', id: message.id }}
      title="Delete this message?"
      action="Delete"
      acting="Deleting…"
      // the message's Delete button is gone with it: focus goes to the page's heading instead
      focusAfter={() => document.querySelector<HTMLElement>('main h1')}
      onClose={onClose}
    >
      The message from {message?.fName} {message?.lName} about “{message?.subject}” is deleted for good.
    </ConfirmRemovalModal>
  );
}
