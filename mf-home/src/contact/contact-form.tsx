import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { contactLimits, type ContactField, type ContactMessage } from '@portfolio/contracts/contact-limits';
import type { CaptchaHandle } from './captcha-widget';
import { CaptchaNeedsScript } from './captcha-needs-script';
import { CaptchaPlaceholder } from './captcha-placeholder';
import { contactContent, type ContactFieldContent } from './contact-content';
import { needsNewCaptcha, outcomeMessages, type ContactOutcome } from './contact-outcome';
import { useContactSubmission } from './use-contact-submission';
import styles from './contact-form.module.css';

// The captcha (with Google's script), the modal and the shared schema load when the form is near or used.
const loadCaptchaWidget = () => import('./captcha-widget');
const loadResultModal = () => import('./result-modal');
const loadSchema = () => import('@portfolio/contracts/contact');
const CaptchaWidget = lazy(loadCaptchaWidget);
const ResultModal = lazy(loadResultModal);

const emptyMessage: ContactMessage = { fName: '', lName: '', email: '', org: '', subject: '', message: '' };

/** The fields the browser finds invalid now, in the form's order. */
const invalidFields = (form: HTMLFormElement): HTMLInputElement[] =>
  [...form.querySelectorAll<HTMLInputElement>('input[name], textarea[name]')].filter((field) => !field.validity.valid);

const fieldId = (name: ContactField) => `contact-${name}`;
const errorId = (name: ContactField) => `contact-${name}-error`;

function Field({
  field,
  value,
  invalid,
  onChange,
}: {
  field: ContactFieldContent;
  value: string;
  invalid: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}) {
  const common = {
    id: fieldId(field.name),
    name: field.name,
    className: 'form-control',
    required: field.required,
    maxLength: contactLimits[field.name],
    autoComplete: field.autoComplete,
    value,
    onChange,
    // the error text is the field's description only while it applies
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId(field.name) : undefined,
  };
  return (
    <div className={field.type === 'textarea' || field.name === 'subject' ? 'col-12' : 'col-md-6'}>
      <label htmlFor={common.id} className="form-label">
        {field.label}
        {field.required && <span aria-hidden="true">*</span>}
      </label>
      {field.type === 'textarea' ? <textarea {...common} rows={3} /> : <input {...common} type={field.type} />}
      <div id={errorId(field.name)} className="invalid-feedback">
        {field.invalid}
      </div>
    </div>
  );
}

/**
 * The contact form (docs/product-rules.md): idle, sending (everything disabled, spinner), then the result
 * in a modal. Focus never falls out of it: a refused submit goes to the first invalid field (the errors are
 * announced), and closing the modal comes back to the form.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [validated, setValidated] = useState(false);
  const [invalid, setInvalid] = useState<ReadonlySet<ContactField>>(new Set());
  // each refused submit puts a new alert in the page, so it is announced even when the text repeats
  const [refusal, setRefusal] = useState({ count: 0, summary: '' });
  const [outcome, setOutcome] = useState<ContactOutcome | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const captcha = useRef<CaptchaHandle>(null);

  const { busy, send } = useContactSubmission((result) => {
    if (result === 'sent') {
      setValues(emptyMessage);
      setValidated(false);
      setInvalid(new Set());
    }
    if (needsNewCaptcha(result)) captcha.current?.reset();
    setOutcome(result);
    setModalOpen(true);
  });

  // Mount the captcha when the form comes near the screen (or is used), so the page starts without it.
  useEffect(() => {
    const element = form.current;
    if (captchaWanted || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // a browser without IntersectionObserver mounts the captcha at once
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setCaptchaWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setCaptchaWanted(true),
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [captchaWanted]);

  const prepare = () => {
    setCaptchaWanted(true);
    void loadResultModal();
    void loadSchema();
  };

  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    event.target.setCustomValidity('');
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    if (validated && form.current) setInvalid(new Set(invalidFields(form.current).map((f) => f.name as ContactField)));
  };

  /** Marks what is wrong, says it, and puts the visitor on the first field to fix. */
  function refuse(element: HTMLFormElement) {
    const wrong = invalidFields(element);
    setInvalid(new Set(wrong.map((field) => field.name as ContactField)));
    const labels = wrong.map((field) => contactContent.fields.find((f) => f.name === field.name)?.label ?? field.name);
    setRefusal(({ count }) => ({
      count: count + 1,
      summary: `${contactContent.invalidSummary} ${labels.join(', ')}.`,
    }));
    wrong[0]?.focus();
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setValidated(true);
    const element = event.currentTarget;
    if (!element.checkValidity()) {
      refuse(element);
      return;
    }
    // the browser's rules passed; the API's own schema has the last word on what it will accept
    const { checkContactMessage } = await loadSchema();
    const check = checkContactMessage(values);
    if (!check.ok) {
      for (const [name, error] of Object.entries(check.errors)) {
        const input = element.elements.namedItem(name);
        if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.setCustomValidity(error);
      }
      refuse(element);
      return;
    }
    setInvalid(new Set());
    setRefusal(({ count }) => ({ count, summary: '' }));
    await send(check.value, captcha.current?.getValue() ?? null);
  }

  /** Back into the form once the modal has gone: a fresh form starts at its first field, a retry at its cause. */
  function returnFocus() {
    if (outcome === 'sent') document.getElementById(fieldId(contactContent.fields[0]?.name ?? 'fName'))?.focus();
    else if (outcome === 'no-captcha') captcha.current?.focus();
    if (!form.current?.contains(document.activeElement)) submitButton.current?.focus();
  }

  return (
    <>
      <form
        ref={form}
        className={`${styles.form} ${validated ? 'was-validated' : ''}`}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        onFocus={prepare}
        onPointerEnter={prepare}
        aria-busy={busy}
      >
        <p key={refusal.count} className="visually-hidden" role="alert">
          {refusal.summary}
        </p>
        <fieldset disabled={busy}>
          <div className="row g-3">
            {contactContent.fields.map((field) => (
              <Field
                key={field.name}
                field={field}
                value={values[field.name]}
                invalid={invalid.has(field.name)}
                onChange={change}
              />
            ))}
            <div className="col-12">
              {captchaWanted ? (
                <Suspense fallback={<CaptchaPlaceholder text={contactContent.captchaLoading} />}>
                  <CaptchaWidget ref={captcha} />
                </Suspense>
              ) : (
                <CaptchaPlaceholder text={contactContent.captchaLoading} />
              )}
              <CaptchaNeedsScript />
            </div>
            <div className="col-12">
              <button ref={submitButton} type="submit" className={`btn btn-primary ${styles.submit}`}>
                {busy ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    {contactContent.sending}
                  </>
                ) : (
                  contactContent.submit
                )}
              </button>
            </div>
          </div>
        </fieldset>
      </form>
      {outcome && (
        <Suspense fallback={null}>
          <ResultModal
            show={modalOpen}
            title={contactContent.modalTitle}
            message={outcomeMessages[outcome]}
            closeText={contactContent.close}
            onClose={() => setModalOpen(false)}
            onClosed={returnFocus}
          />
        </Suspense>
      )}
    </>
  );
}
