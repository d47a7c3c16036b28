import type { ReleaseUploader, SectionRelease } from '@portfolio/contracts/section-releases';
import { OwnerTime } from './owner-time';
import styles from './owner.module.css';

const checkMarks = { passed: 'Passed', failed: 'Failed', skipped: 'Skipped' } as const;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Who brought the release in, as the Uploaded line ends. */
function uploaderOf(uploader: ReleaseUploader): string {
  if (uploader.kind === 'token') return `the token “${uploader.tokenName}”`;
  return uploader.kind === 'site' ? 'the site, at its first start' : 'the owner';
}

/** One release: id and whether it is live, then version, build, upload, note, checks and when it was live. */
export function ReleaseFacts({ release }: { release: SectionRelease }) {
  return (
    <>
      <p className={styles.releaseHead}>
        <span className={styles.url}>{release.id}</span>
        {release.live && <span className={styles.badge}>Live</span>}
        <span className={release.ok ? styles.healthy : styles.unhealthy}>
          {release.ok ? 'Checks passed' : 'Checks failed'}
        </span>
      </p>
      <dl className={styles.facts}>
        <dt>Version</dt>
        <dd className={styles.url}>{release.version}</dd>
        <dt>Built</dt>
        <dd>{release.builtAt ? <OwnerTime at={release.builtAt} /> : 'Unknown'}</dd>
        <dt>Uploaded</dt>
        <dd>
          <OwnerTime at={release.uploadedAt} /> by {uploaderOf(release.uploadedBy)}
        </dd>
        {release.diskBytes > 0 && (
          <>
            <dt>Size</dt>
            <dd>{megabytes(release.diskBytes)} on disk</dd>
          </>
        )}
        {release.note && (
          <>
            <dt>Note</dt>
            <dd>{release.note}</dd>
          </>
        )}
        <dt>Checks</dt>
        <dd>
          <ul className={styles.problems}>
            {release.checks.map((check) => (
              <li key={check.name} className={check.outcome === 'failed' ? styles.problem : undefined}>
                {checkMarks[check.outcome]}: {check.name}, {check.detail}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Live</dt>
        <dd>
          {release.livePeriods.length === 0 ? (
            'Never'
          ) : (
            <ul className={styles.problems}>
              {release.livePeriods.map((period) => (
                <li key={period.from}>
                  from <OwnerTime at={period.from} />{' '}
                  {period.until ? (
                    <>
                      to <OwnerTime at={period.until} />
                    </>
                  ) : (
                    'until now'
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </>
  );
}
