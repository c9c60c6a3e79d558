import { SERVICE_KEYS, SERVICE_LABELS } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import { QuoteForm } from './quote-form';

describe(QuoteForm.name, () => {
  beforeEach(() => render(<QuoteForm />));

  it('requires name, email, service and message', () => {
    for (const label of ['Name', 'Email', 'Service', 'Message']) expect(screen.getByLabelText(label)).toBeRequired();
  });

  it('asks for an e-mail address in the email field', () => {
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it("starts the service on an empty 'Select Service' choice followed by the 10 services", () => {
    const select = screen.getByLabelText('Service');
    const options = within(select).getAllByRole('option');
    expect(select).toHaveValue('');
    expect(options[0]).toHaveTextContent('Select Service');
    expect(options[0]).toHaveValue('');
    expect(options.slice(1).map((option) => option.textContent)).toEqual(SERVICE_KEYS.map((key) => SERVICE_LABELS[key]));
    expect(options).toHaveLength(11);
  });

  it("reads 'Get Quote' when idle", () => {
    expect(screen.getByRole('button', { name: 'Get Quote' })).toBeEnabled();
  });

  it('is invalid until every field is filled', () => {
    const form = screen.getByRole('form', { name: 'Request a quote' }) as HTMLFormElement;
    expect(form.checkValidity()).toBe(false);
  });
});

describe('the spam honeypot of the quote form', () => {
  beforeEach(() => render(<QuoteForm />));

  it('is hidden from people, screen readers, the tab order and autofill', () => {
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    const trap = document.querySelector<HTMLInputElement>('input[name="website_url"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).toHaveAttribute('inert');
  });
});
