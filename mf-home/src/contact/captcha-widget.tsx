import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { getJson } from '@portfolio/ui/api-client';
import type { PublicConfig } from '@portfolio/contracts/captcha';

/** What the form asks of the captcha: the visitor's answer, and a fresh start after a try. */
export interface CaptchaHandle {
  getValue(): string | null;
  reset(): void;
}

let siteKeyRequest: Promise<string> | undefined;

/** The site key comes from the server at run time (GET /api/config), once per page. */
function loadSiteKey(): Promise<string> {
  siteKeyRequest ??= getJson<PublicConfig>('config').then((config) => config.recaptchaSiteKey);
  siteKeyRequest.catch(() => (siteKeyRequest = undefined));
  return siteKeyRequest;
}

interface CaptchaWidgetProps {
  ref: Ref<CaptchaHandle>;
  unavailableText: string;
}

/** reCAPTCHA v2, normal size, light theme (docs/product-rules.md "Contact form"); its own chunk, with Google's script loaded only here. */
export default function CaptchaWidget({ ref, unavailableText }: CaptchaWidgetProps) {
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const recaptcha = useRef<ReCAPTCHA>(null);
  useEffect(() => {
    let current = true;
    loadSiteKey().then(
      (key) => current && setSiteKey(key),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  useImperativeHandle(ref, () => ({
    getValue: () => recaptcha.current?.getValue() || null,
    reset: () => recaptcha.current?.reset(),
  }));
  if (failed) return <p className="small mb-0">{unavailableText}</p>;
  if (!siteKey) return null;
  return <ReCAPTCHA ref={recaptcha} sitekey={siteKey} theme="light" size="normal" />;
}
