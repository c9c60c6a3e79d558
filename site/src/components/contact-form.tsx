import {
  CONTACT_DEPARTMENT_LABELS,
  CONTACT_DEPARTMENTS,
  CONTACT_MESSAGE_ROWS,
  SITE_MESSAGES,
  type BookingLink,
  type ContactDepartment,
  type CreateContactPayload,
  type FormAnswers,
  sanitizePhoneInput,
} from '@brightwave/common';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { FormConfirmation, loadFormConfirmation } from '../lib/form-confirmation';
import { notify } from '../lib/notify';
import { QuestionFields } from '../lib/question-fields';
import { isFirstPage, usePageData } from '../lib/page-data';
import { useFormSubmit } from '../lib/use-form-submit';
import { SelectField, TextAreaField, TextField } from './ui/form-field';
import { SubmitButton } from './ui/submit-button';
import { PrivacyNote } from './privacy-note';

type ContactValues = Required<Omit<CreateContactPayload, 'department' | 'answers'>> & { department: ContactDepartment | '' };
const EMPTY: ContactValues = { name: '', email: '', phone: '', department: '', message: '' };

/**
 * Contact message (SPEC §5): phone optional, digits with one leading plus; the phone is sent and stored. On success the
 * form gives way to its confirmation (decision 070) until the visitor asks for it again, empty.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  // null once given back after a confirmation ('Send another message'): its first field then takes the focus.
  const [sent, setSent] = useState<{ email: string; mailed: boolean; department: ContactDepartment; booking?: BookingLink } | null>();
  const questions = usePageData().forms?.contact;
  const answers = useRef<FormAnswers>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>();
  const { sending, send, onFocus, trap } = useFormSubmit('POST /api/contacts', {
    form: 'contact',
    failureFallback: SITE_MESSAGES.contactFailure,
    onSuccess: (answer) => {
      notify('success', SITE_MESSAGES.contactSuccess);
      setSent({ email: values.email, mailed: answer.sendsConfirmations, department: values.department || 'general', booking: answer.booking });
      setValues(EMPTY);
      setErrors(undefined);
    },
    onFailure: (message, _status, fieldErrors) => {
      notify('error', message);
      setErrors(fieldErrors);
    },
  });
  const set = (field: keyof ContactValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { phone, department, ...rest } = values;
    // The select is required, so the browser never submits without a department.
    if (department) {
      // Fetched now, so it is there when the answer comes.
      void loadFormConfirmation();
      void send({ ...rest, department, ...(phone ? { phone } : {}), answers: answers.current });
    }
  }

  if (sent)
    return (
      <Suspense fallback={null}>
        <FormConfirmation form="contact" {...sent} onAction={() => setSent(null)} />
      </Suspense>
    );

  return (
    <form onSubmit={submit} onFocus={onFocus} aria-label="Send us a message" className="relative space-y-4">
      {trap}
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Only when the visitor asked for the form again ('Send another…'): the focus was on that button. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <TextField autoFocus={sent === null} label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} />
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
      {/* After a navigation inside the site the page's data may lack them: the fields then ask the API. */}
      {(questions || !isFirstPage()) && (
        <Suspense fallback={null}>
          <QuestionFields form="contact" questions={questions} errors={errors} answersRef={answers} />
        </Suspense>
      )}
      <SubmitButton sending={sending} label="Send Message" sendingLabel="Sending..." className="disabled:cursor-wait disabled:opacity-60" />
      <PrivacyNote />
    </form>
  );
}
