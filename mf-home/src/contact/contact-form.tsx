import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { contactLimits, type ContactMessage } from '@portfolio/contracts/contact-limits';
import type { CaptchaHandle } from './captcha-widget';
import { contactContent, type ContactFieldContent } from './contact-content';
import { useContactSubmission, type Outcome } from './use-contact-submission';
import styles from './contact-form.module.css';

// The captcha (with Google's script), the modal and the shared schema load when the form is near or used.
const loadCaptchaWidget = () => import('./captcha-widget');
const loadResultModal = () => import('./result-modal');
const loadSchema = () => import('@portfolio/contracts/contact');
const CaptchaWidget = lazy(loadCaptchaWidget);
const ResultModal = lazy(loadResultModal);

const emptyMessage: ContactMessage = { fName: '', lName: '', email: '', org: '', subject: '', message: '' };

function Field({
  field,
  value,
  onChange,
}: {
  field: ContactFieldContent;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}) {
  const id = `contact-${field.name}`;
  const common = {
    id,
    name: field.name,
    className: 'form-control',
    required: field.required,
    maxLength: contactLimits[field.name],
    autoComplete: field.autoComplete,
    value,
    onChange,
  };
  return (
    <div className={field.type === 'textarea' || field.name === 'subject' ? 'col-12' : 'col-md-6'}>
      <label htmlFor={id} className="form-label">
        {field.label}
        {field.required && <span aria-hidden="true">*</span>}
      </label>
      {field.type === 'textarea' ? <textarea {...common} rows={3} /> : <input {...common} type={field.type} />}
      <div className="invalid-feedback">{field.invalid}</div>
    </div>
  );
}

/** The contact form (docs/product-rules.md): idle, sending (everything disabled, spinner), then the result in a modal. */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(emptyMessage);
  const [validated, setValidated] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [captchaWanted, setCaptchaWanted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const captcha = useRef<CaptchaHandle>(null);

  const { busy, send } = useContactSubmission((result) => {
    if (result.kind === 'sent') {
      setValues(emptyMessage);
      setValidated(false);
    }
    // a token is good for one verify: a new try needs a new answer
    if (result.message !== contactContent.messages.noCaptcha) captcha.current?.reset();
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
      {
        rootMargin: '200px',
      },
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
  };

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setValidated(true);
    const element = event.currentTarget;
    if (!element.checkValidity()) return;
    // the browser's rules passed; the API's own schema has the last word on what it will accept
    const { checkContactMessage } = await loadSchema();
    const check = checkContactMessage(values);
    if (!check.ok) {
      for (const [name, error] of Object.entries(check.errors)) {
        const input = element.elements.namedItem(name);
        if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) input.setCustomValidity(error);
      }
      element.reportValidity();
      return;
    }
    await send(check.message, captcha.current?.getValue() ?? null);
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
        <fieldset disabled={busy}>
          <div className="row g-3">
            {contactContent.fields.map((field) => (
              <Field key={field.name} field={field} value={values[field.name]} onChange={change} />
            ))}
            <div className="col-12">
              <div className={styles.captcha}>
                {captchaWanted && (
                  <Suspense fallback={<span className="small text-muted">{contactContent.captchaLoading}</span>}>
                    <CaptchaWidget ref={captcha} unavailableText={contactContent.captchaUnavailable} />
                  </Suspense>
                )}
              </div>
            </div>
            <div className="col-12">
              <button type="submit" className={`btn btn-primary ${styles.submit}`}>
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
            message={outcome.message}
            closeText={contactContent.close}
            onClose={() => setModalOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
