import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { siteConfig } from '@portfolio/contracts/site-config';
import { ContactForm } from './contact-form';
import { contactContent } from './contact-content';

/** The form, once its lazy captcha has settled (jsdom has no fetch: the site key cannot load, as when the API is down). */
async function renderForm() {
  const action = jest.fn();
  const router = createMemoryRouter([{ path: '/', element: <ContactForm />, action }]);
  render(<RouterProvider router={router} />);
  // the first test also compiles the lazy captcha chunk
  await screen.findByText(contactContent.captchaUnavailable, undefined, { timeout: 5000 });
  return action;
}

const labelOf = (name: string) => contactContent.fields.find((field) => field.name === name)!.label;
const field = (name: string) => screen.getByRole('textbox', { name: labelOf(name) });
const required = contactContent.fields.filter((entry) => entry.required).map((entry) => entry.name);

async function fillRequired() {
  for (const name of required) await userEvent.type(field(name), name === 'email' ? 'ada@example.com' : 'Ada');
}

describe('ContactForm', () => {
  it('has the six labelled fields, three rows of message and the required marks', async () => {
    await renderForm();
    expect(contactContent.fields.map((entry) => entry.name)).toEqual([
      'fName',
      'lName',
      'email',
      'org',
      'subject',
      'message',
    ]);
    for (const name of required) expect(field(name)).toBeRequired();
    expect(field('org')).not.toBeRequired();
    expect(field('email')).toHaveAttribute('type', 'email');
    expect(field('message')).toHaveAttribute('rows', '3');
    expect(screen.getByText(labelOf('fName')).closest('label')).toHaveTextContent(`${labelOf('fName')}*`);
  });

  it('an empty submit sends nothing, marks the form, announces the fields to fix and focuses the first', async () => {
    const action = await renderForm();
    await userEvent.click(screen.getByRole('button', { name: contactContent.submit }));
    expect(field('fName').closest('form')).toHaveClass('was-validated');
    expect(action).not.toHaveBeenCalled();
    expect(field('fName')).toHaveFocus();
    for (const name of required) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription(contactContent.fields.find((f) => f.name === name)!.invalid);
    }
    expect(field('org')).not.toHaveAttribute('aria-invalid');
    const summary = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent.startsWith(contactContent.invalidSummary));
    expect(summary).toHaveTextContent(`${contactContent.invalidSummary} ${required.map(labelOf).join(', ')}.`);

    // fixing a field takes its error away
    await userEvent.type(field('fName'), 'Ada');
    expect(field('fName')).not.toHaveAttribute('aria-invalid');
    expect(field('fName')).not.toHaveAccessibleDescription();
  });

  it("says in words when the captcha cannot load, with the owner's address as the other way in", async () => {
    await renderForm();
    const link = screen.getByRole('link', { name: siteConfig.contactTo });
    expect(link).toHaveAttribute('href', `mailto:${siteConfig.contactTo}`);
    expect(screen.getByText(contactContent.emailInstead)).toBeInTheDocument();
  });

  it('without a captcha answer says "Please verify the reCAPTCHA", keeps the form and puts focus back into it', async () => {
    const action = await renderForm();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: contactContent.submit }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(contactContent.messages.noCaptcha)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: contactContent.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the captcha could not load here: focus goes to the way around it
    await waitFor(() => expect(screen.getByRole('link', { name: siteConfig.contactTo })).toHaveFocus());
    expect(field('fName')).toBeEnabled();
    expect(field('fName')).toHaveValue('Ada');
    expect(action).not.toHaveBeenCalled();
  });
});
