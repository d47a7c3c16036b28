import styles from './contact-form.module.css';

/** The captcha's box while it loads: the widget's size, so nothing moves, and words instead of an empty band. */
export function CaptchaPlaceholder({ text }: { text: string }) {
  return (
    <div className={styles.captchaPlaceholder} role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      {text}
    </div>
  );
}
