import { CONTACT_DEPARTMENT_LABELS, CONTACT_DEPARTMENTS } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from './contact-form';

describe(ContactForm.name, () => {
  beforeEach(() => render(<ContactForm />));

  it('requires name, email, department and message', () => {
    for (const label of ['Name', 'Email', 'Department', 'Message']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('keeps the phone optional', () => {
    expect(screen.getByLabelText('Phone (optional)')).not.toBeRequired();
  });

  it('keeps only digits and one leading plus in the phone', async () => {
    const phone = screen.getByLabelText('Phone (optional)');
    await userEvent.type(phone, '+1 (555) abc-010+2030');
    expect(phone).toHaveValue('+15550102030');
  });

  it('strips a plus typed after the first digit', async () => {
    const phone = screen.getByLabelText('Phone (optional)');
    await userEvent.type(phone, '55+5');
    expect(phone).toHaveValue('555');
  });

  it("starts the department on an empty 'Select Department' choice followed by the four departments", () => {
    const select = screen.getByLabelText('Department');
    const options = within(select).getAllByRole('option');
    expect(select).toHaveValue('');
    expect(options[0]).toHaveTextContent('Select Department');
    expect(options.slice(1).map((option) => option.textContent)).toEqual(CONTACT_DEPARTMENTS.map((key) => CONTACT_DEPARTMENT_LABELS[key]));
  });

  it('gives the message textarea 4 rows', () => {
    expect(screen.getByLabelText('Message')).toHaveAttribute('rows', '4');
  });
});
