import { contactContent } from './contact-content';
import { EmailInstead } from './email-instead';
import styles from './contact-form.module.css';

/**
 * Where the captcha would be, for a browser that runs no JavaScript (the captcha and the sending both need
 * it): what is missing, and the owner's address. A browser with JavaScript shows nothing of it.
 */
export function CaptchaNeedsScript() {
  return (
    <noscript>
      <div className={styles.captchaNeedsScript}>
        <p className="mb-1">{contactContent.captchaNeedsScript}</p>
        <EmailInstead />
      </div>
    </noscript>
  );
}
