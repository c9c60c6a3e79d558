import {
  CONTACT_DEPARTMENT_LABELS,
  CONTACT_DEPARTMENTS,
  CONTACT_MESSAGE_ROWS,
  SITE_MESSAGES,
  type ContactDepartment,
  type CreateContactPayload,
} from '@brightwave/common';
import { useState, type FormEvent } from 'react';
import { notify } from '../lib/notify';
import { apiRequest, failureMessage } from '../lib/api-client';
import { useFormSignals } from '../lib/form-signals';
import { sanitizePhoneInput } from '../lib/form-rules';
import { SelectField, TextAreaField, TextField } from './ui/form-field';
import { PrivacyNote } from './privacy-note';

type ContactValues = Required<Omit<CreateContactPayload, 'department'>> & { department: ContactDepartment | '' };
const EMPTY: ContactValues = { name: '', email: '', phone: '', department: '', message: '' };

/** Contact message (SPEC §5): phone optional, digits with one leading plus; the phone is sent and stored. */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [sending, setSending] = useState(false);
  const signals = useFormSignals();
  const set = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { phone, department, ...rest } = values;
    // The select is required, so the browser never submits without a department.
    if (!department) return;
    setSending(true);
    try {
      await apiRequest('POST /api/contacts', { headers: await signals.headers(), body: phone ? { ...rest, department, phone } : { ...rest, department } });
      notify('success', SITE_MESSAGES.contactSuccess);
      setValues(EMPTY);
      signals.reset();
    } catch (error) {
      notify('error', failureMessage(error, SITE_MESSAGES.contactFailure));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} onFocus={signals.onFocus} aria-label="Send us a message" className="relative space-y-4">
      {signals.trap}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Phone"
          optional
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(event) => setValues((current) => ({ ...current, phone: sanitizePhoneInput(event.target.value) }))}
        />
        <SelectField label="Department" name="department" value={values.department} onChange={set('department')}>
          <option value="">Select Department</option>
          {CONTACT_DEPARTMENTS.map((key) => (
            <option key={key} value={key}>
              {CONTACT_DEPARTMENT_LABELS[key]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Message" name="message" rows={CONTACT_MESSAGE_ROWS} value={values.message} onChange={set('message')} />
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 disabled:cursor-wait disabled:opacity-60"
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
      <PrivacyNote />
    </form>
  );
}
