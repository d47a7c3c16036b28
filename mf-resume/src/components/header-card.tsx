import type { ResumeHeaderCard } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import { profilePictureUrl } from '../content/resume-images';
import { DownloadButton } from './download-button';
import styles from './header-card.module.css';

/** The header card (docs/product-rules.md "Resume"): circular profile picture, title, Download Resume button. */
export function HeaderCard({ headerCard }: { headerCard: ResumeHeaderCard }) {
  return (
    <section className={`card mb-4 ${styles.card}`} aria-label="Resume header">
      <div className="card-body d-flex flex-column flex-sm-row align-items-center gap-3 gap-sm-4 text-center text-sm-start">
        <img
          className={`rounded-circle ${styles.picture}`}
          src={profilePictureUrl(headerCard.profilePic)}
          alt={`Portrait of ${siteConfig.ownerName}`}
          width={120}
          height={120}
        />
        <div className="d-flex flex-column align-items-center align-items-sm-start gap-2">
          <p className="h4 mb-0">{headerCard.title}</p>
          <DownloadButton resource={headerCard.downloadLink} label={headerCard.downloadBtnText} />
        </div>
      </div>
    </section>
  );
}
