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
import { useFormSubmit } from '../lib/use-form-submit';
import { sanitizePhoneInput } from '../lib/form-rules';
import { SelectField, TextAreaField, TextField } from './ui/form-field';
import { SubmitButton } from './ui/submit-button';
import { PrivacyNote } from './privacy-note';

type ContactValues = Required<Omit<CreateContactPayload, 'department'>> & { department: ContactDepartment | '' };
const EMPTY: ContactValues = { name: '', email: '', phone: '', department: '', message: '' };

/** Contact message (SPEC §5): phone optional, digits with one leading plus; the phone is sent and stored. */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const { sending, send, onFocus, trap } = useFormSubmit('POST /api/contacts', {
    form: 'contact',
    failureFallback: SITE_MESSAGES.contactFailure,
    onSuccess: () => {
      notify('success', SITE_MESSAGES.contactSuccess);
      setValues(EMPTY);
    },
    onFailure: (message) => notify('error', message),
  });
  const set = (field: keyof ContactValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { phone, department, ...rest } = values;
    // The select is required, so the browser never submits without a department.
    if (department) void send(phone ? { ...rest, department, phone } : { ...rest, department });
  }

  return (
    <form onSubmit={submit} onFocus={onFocus} aria-label="Send us a message" className="relative space-y-4">
      {trap}
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
      <SubmitButton sending={sending} label="Send Message" sendingLabel="Sending..." className="disabled:cursor-wait disabled:opacity-60" />
      <PrivacyNote />
    </form>
  );
}
