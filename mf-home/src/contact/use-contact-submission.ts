import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useActionData, useNavigation, useSubmit } from '@portfolio/router';
import { postJson } from '@portfolio/ui/api-client';
import type { ContactMessage } from '@portfolio/contracts/contact';
import type { ContactResult } from './contact-action';
import { contactContent } from './contact-content';

const { messages } = contactContent;

export interface Outcome {
  kind: 'sent' | 'failed';
  message: string;
}

/**
 * The order of docs/product-rules.md "API calls": verify the captcha answer (call 1), then submit the message to the home
 * route's action (call 2), whose work is POST /api/contact (call 3). `busy` covers both steps.
 */
export function useContactSubmission(onOutcome: (outcome: Outcome) => void) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<ContactResult | null | undefined>();
  const [busy, setBusy] = useState(false);
  // the action's result before this send: a different object means the send has its answer
  const before = useRef<{ data: unknown } | null>(null);
  const report = useEffectEvent(onOutcome);

  useEffect(() => {
    if (!before.current || navigation.state !== 'idle' || actionData === before.current.data) return;
    before.current = null;
    setBusy(false);
    report(
      actionData?.status === 'sent'
        ? { kind: 'sent', message: messages.sent }
        : { kind: 'failed', message: messages.sendError },
    );
  }, [navigation.state, actionData]);

  async function send(message: ContactMessage, captchaToken: string | null): Promise<void> {
    if (!captchaToken) {
      onOutcome({ kind: 'failed', message: messages.noCaptcha });
      return;
    }
    setBusy(true);
    let valid: boolean;
    try {
      const response = await postJson('verify', { captchaToken });
      if (!response.ok) throw new Error(`verify answered ${response.status}`);
      valid = Boolean(await response.json());
    } catch {
      setBusy(false);
      onOutcome({ kind: 'failed', message: messages.captchaError });
      return;
    }
    if (!valid) {
      setBusy(false);
      onOutcome({ kind: 'failed', message: messages.invalidCaptcha });
      return;
    }
    before.current = { data: actionData };
    await submit({ ...message }, { method: 'post', encType: 'application/json' });
  }

  return { busy: busy || navigation.state === 'submitting', send };
}
