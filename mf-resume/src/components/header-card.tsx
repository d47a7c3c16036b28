import type { ResumeHeaderCard } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import { profilePictureUrl } from '../content/resume-images';
import { DownloadButton } from './download-button';
import styles from './header-card.module.css';

/**
 * The header card (docs/product-rules.md "Resume"): circular profile picture, title, Download Resume button;
 * with the owner's name and ways to reach them from site.json between the portrait and the button, so the
 * card reads like a resume's letterhead at every width.
 */
export function HeaderCard({ headerCard }: { headerCard: ResumeHeaderCard }) {
  return (
    <section className={`card mb-4 ${styles.card}`} aria-label="Resume header">
      <div className={`card-body ${styles.body}`}>
        <img
          className={`rounded-circle ${styles.picture}`}
          src={profilePictureUrl(headerCard.profilePic)}
          alt={`Portrait of ${siteConfig.ownerName}`}
          width={120}
          height={120}
        />
        <div className={styles.identity}>
          <p className={styles.name}>{siteConfig.ownerName}</p>
          <p className="h4 mb-0">{headerCard.title}</p>
          <ul className={styles.links} aria-label="Contact and profiles">
            <li>
              <a href={`mailto:${siteConfig.contactTo}`}>{siteConfig.contactTo}</a>
            </li>
            {siteConfig.profiles.map((profile) => (
              <li key={profile.url}>
                <a href={profile.url} target="_blank" rel="noopener noreferrer">
                  {profile.label}
                  <span className="visually-hidden"> profile (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.action}>
          <DownloadButton resource={headerCard.downloadLink} label={headerCard.downloadBtnText} />
        </div>
      </div>
    </section>
  );
}
