import type { PreviewLink } from '@portfolio/contracts/section-releases';
import { OwnerTime } from './owner-time';
import styles from './owner.module.css';

/**
 * A preview link the API made: it opens in a tab of its own on the preview origin, where the candidate's code
 * runs away from the owner's session (no opener, no referrer), and is shown whole, to copy and share.
 */
export function PreviewLinkFacts({ link, label }: { link: PreviewLink; label: string }) {
  return (
    <div className={styles.previewing}>
      <p className="mb-1">
        <a href={link.previewUrl} target="_blank" rel="noopener noreferrer">
          Open the preview of the {label}
        </a>{' '}
        (a new tab, on the preview origin; for anyone with the link until <OwnerTime at={link.previewExpiresAt} />)
      </p>
      <p className={`${styles.hint} ${styles.url} mb-0`}>{link.previewUrl}</p>
    </div>
  );
}
