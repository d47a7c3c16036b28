import type { RemoteName } from '@portfolio/contracts/remote-routes';
import type { SectionRelease } from '@portfolio/contracts/section-releases';
import { ConfirmRemovalModal } from './confirm-removal-modal';

/** "Delete this release?": its files and preview links end for good, so it is asked once more. */
export function DeleteReleaseModal({
  section,
  release,
  onClose,
}: {
  section: RemoteName;
  release: SectionRelease | null;
  onClose: () => void;
}) {
  return (
    <ConfirmRemovalModal
      removal={release && { intent: 'delete-release', id: release.id, fields: { name: section } }}
      title="Delete this release?"
      action="Delete"
      acting="Deleting…"
      // the release's Delete button is gone with it (and the dialog's release with it, once it has closed): focus
      // goes to its section's Releases heading instead
      focusAfter={() => document.getElementById(`section-${section}-releases`)}
      onClose={onClose}
    >
      Release {release?.id} (version {release?.version}) leaves this site for good: its files and its preview links stop
      working at once. The section&apos;s history keeps its name.
    </ConfirmRemovalModal>
  );
}
