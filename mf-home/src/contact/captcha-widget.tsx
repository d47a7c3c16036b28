import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { apiRequest } from '@portfolio/ui/api-client';
import type { PublicConfig } from '@portfolio/contracts/captcha';
import { CaptchaPlaceholder } from './captcha-placeholder';
import { contactContent } from './contact-content';
import { EmailInstead } from './email-instead';
import styles from './contact-form.module.css';

/** What the form asks of the captcha: the visitor's answer, a fresh start after a try, and focus. */
export interface CaptchaHandle {
  getValue(): string | null;
  reset(): void;
  focus(): void;
}

/** How long Google's script may take before the visitor is told it is not coming (a blocker, a network). */
const captchaLoadTimeoutMs = 15_000;

let siteKeyRequest: Promise<string> | undefined;

/** The site key comes from the server at run time (GET /api/config), once per page. */
function loadSiteKey(): Promise<string> {
  siteKeyRequest ??= apiRequest<PublicConfig>('config').then((config) => config.recaptchaSiteKey);
  siteKeyRequest.catch(() => (siteKeyRequest = undefined));
  return siteKeyRequest;
}

/** The captcha cannot be had: say so in words, and give the owner's address as the other way in. */
function CaptchaUnavailable({ linkRef }: { linkRef: Ref<HTMLAnchorElement> }) {
  return (
    <div className={styles.captchaUnavailable} role="alert">
      <p className="mb-1">{contactContent.captchaUnavailable}</p>
      <EmailInstead linkRef={linkRef} />
    </div>
  );
}

/**
 * reCAPTCHA v2, normal size, light theme (docs/product-rules.md "Contact form"); its own chunk, with
 * Google's script loaded only here. Until the script is there a placeholder holds its place; if the
 * site key or the script cannot be loaded, the visitor reads why and gets the owner's email address.
 */
export default function CaptchaWidget({ ref }: { ref: Ref<CaptchaHandle> }) {
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const recaptcha = useRef<ReCAPTCHA>(null);
  const box = useRef<HTMLDivElement>(null);
  const emailLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    let current = true;
    loadSiteKey().then(
      (key) => current && setSiteKey(key),
      () => current && setStatus('failed'),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (status !== 'loading') return;
    const timer = setTimeout(() => setStatus('failed'), captchaLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [status]);

  useImperativeHandle(ref, () => ({
    getValue: () => recaptcha.current?.getValue() || null,
    reset: () => recaptcha.current?.reset(),
    // Google's widget is an iframe; focusing it puts the visitor on its checkbox
    focus: () =>
      (status === 'failed' ? emailLink.current : box.current?.querySelector<HTMLElement>('iframe, input'))?.focus(),
  }));

  if (status === 'failed') return <CaptchaUnavailable linkRef={emailLink} />;
  return (
    <div ref={box} className={styles.captcha}>
      {status === 'loading' && <CaptchaPlaceholder text={contactContent.captchaLoading} />}
      {siteKey && (
        <div className={status === 'loading' ? styles.captchaPending : undefined}>
          <ReCAPTCHA
            ref={recaptcha}
            sitekey={siteKey}
            theme="light"
            size="normal"
            // called when the script has loaded, and when it could not be loaded
            asyncScriptOnLoad={() => setStatus('grecaptcha' in window ? 'ready' : 'failed')}
          />
        </div>
      )}
    </div>
  );
}
