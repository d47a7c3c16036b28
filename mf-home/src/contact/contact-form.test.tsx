import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@portfolio/router/testing';
import { ContactForm } from './contact-form';

/** The form, once its lazy captcha has settled (jsdom has no fetch: the site key cannot load, as when the API is down). */
async function renderForm() {
  const action = jest.fn();
  const router = createMemoryRouter([{ path: '/', element: <ContactForm />, action }]);
  render(<RouterProvider router={router} />);
  await screen.findByText('The captcha could not be loaded. Please try again later.');
  return action;
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('ContactForm', () => {
  it('has the six labelled fields, three rows of message and the required marks', async () => {
    await renderForm();
    for (const name of ['First name', 'Last name', 'Email address', 'Subject', 'Message'])
      expect(field(name)).toBeRequired();
    expect(field('Company/Org.')).not.toBeRequired();
    expect(field('Email address')).toHaveAttribute('type', 'email');
    expect(field('Message')).toHaveAttribute('rows', '3');
    expect(screen.getByText('First name').closest('label')).toHaveTextContent('First name*');
  });

  it('marks the form validated and sends nothing while the browser finds a field invalid', async () => {
    const action = await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(field('First name').closest('form')).toHaveClass('was-validated');
    expect(action).not.toHaveBeenCalled();
  });

  it('without a captcha answer says "Please verify the reCAPTCHA" and keeps the form usable', async () => {
    const action = await renderForm();
    for (const [name, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Email address', 'ada@example.com'],
      ['Subject', 'Hi'],
      ['Message', 'Hello'],
    ] as const) {
      await userEvent.type(field(name), value);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please verify the reCAPTCHA')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(field('First name')).toBeEnabled();
    expect(field('First name')).toHaveValue('Ada');
    expect(action).not.toHaveBeenCalled();
  });
});
