import { useEffect, useEffectEvent, useState } from 'react';
import { useFetcher } from '@portfolio/router';
import type { ContactMessage } from '@portfolio/contracts/contact';
import type { ContactResult } from './contact-action';
import { verifyCaptcha } from './captcha-check';
import { outcomeOf, type ContactOutcome } from './contact-outcome';

/**
 * The order of docs/product-rules.md "API calls": the captcha answer is verified (call 1), then the
 * message goes to the home route's action (call 2, whose work is POST /api/contact, call 3) as one
 * fetcher submission. `busy` covers both steps; every try ends in exactly one outcome.
 */
export function useContactSubmission(onOutcome: (outcome: ContactOutcome) => void) {
  const fetcher = useFetcher<ContactResult | null>();
  const [verifying, setVerifying] = useState(false);
  const report = useEffectEvent(onOutcome);

  // each submission's answer is a new object: this runs once per answer
  const result = fetcher.data;
  useEffect(() => {
    if (result) report(outcomeOf(result));
  }, [result]);

  async function send(message: ContactMessage, captchaToken: string | null): Promise<void> {
    if (!captchaToken) {
      onOutcome('no-captcha');
      return;
    }
    setVerifying(true);
    const verdict = await verifyCaptcha(captchaToken);
    if (verdict !== 'valid') {
      setVerifying(false);
      onOutcome(verdict === 'refused' ? 'captcha-refused' : 'captcha-failed');
      return;
    }
    const submitted = fetcher.submit({ ...message }, { method: 'post', encType: 'application/json' });
    setVerifying(false);
    await submitted;
  }

  return { busy: verifying || fetcher.state !== 'idle', send };
}
