import type { DeployToken } from '@portfolio/contracts/section-releases';
import { ConfirmRemovalModal } from './confirm-removal-modal';

/** "Revoke this token?": whoever holds it can no longer ship, so it is asked once more. */
export function RevokeTokenModal({ token, onClose }: { token: DeployToken | null; onClose: () => void }) {
  return (
    <ConfirmRemovalModal
      removal={token && { intent: 'revoke-token', id: token.id }}
      title="Revoke this token?"
      action="Revoke"
      acting="Revoking…"
      // the token's Revoke button is gone with it: focus goes to the tokens' heading instead
      focusAfter={() => document.getElementById('tokens-title')}
      onClose={onClose}
    >
      “{token?.name}” stops working at once: its holder can no longer upload or preview releases. Releases it uploaded
      stay.
    </ConfirmRemovalModal>
  );
}
