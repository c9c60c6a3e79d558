import { SITE_MESSAGES, SERVICE_KEYS, SERVICE_LABELS, type BookingLink, type CreateLeadPayload, type FormAnswers, type ServiceKey } from '@brightwave/common';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { FormConfirmation, loadFormConfirmation } from '../lib/form-confirmation';
import { notify } from '../lib/notify';
import { QuestionFields } from '../lib/question-fields';
import { isFirstPage, usePageData } from '../lib/page-data';
import { useFormSubmit } from '../lib/use-form-submit';
import { SelectField, TextAreaField, TextField } from './ui/form-field';
import { SubmitButton } from './ui/submit-button';
import { PrivacyNote } from './privacy-note';

type QuoteValues = Omit<CreateLeadPayload, 'service' | 'answers'> & { service: ServiceKey | '' };
const EMPTY: QuoteValues = { name: '', email: '', service: '', message: '' };

/**
 * Quote request (SPEC §2 home, §5): all fields required; kept on failure; on success it gives way to its confirmation
 * and comes back empty. `service` is chosen at first (a service card's 'Learn More', decision 069).
 */
export function QuoteForm({ service }: { service?: ServiceKey }) {
  const [values, setValues] = useState<QuoteValues>({ ...EMPTY, service: service ?? '' });
  // Once sent, the form gives way to its confirmation (decision 070) until asked for again: null then, and its first
  // field takes the focus.
  const [sent, setSent] = useState<{ email: string; mailed: boolean; booking?: BookingLink } | null>();
  const questions = usePageData().forms?.quote;
  const answers = useRef<FormAnswers>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>();
  const { sending, send, onFocus, trap } = useFormSubmit('POST /api/leads', {
    form: 'quote',
    failureFallback: SITE_MESSAGES.quoteFailure,
    onSuccess: (answer) => {
      notify('success', answer.message ?? SITE_MESSAGES.quoteSuccess);
      setSent({ email: values.email, mailed: answer.sendsConfirmations, booking: answer.booking });
      setValues(EMPTY);
      setErrors(undefined);
    },
    onFailure: (message, _status, fieldErrors) => {
      notify('error', message);
      setErrors(fieldErrors);
    },
  });
  const set = (field: keyof QuoteValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { service, ...rest } = values;
    // The select is required, so the browser never submits without a service.
    if (service) {
      // Fetched now, so it is there when the answer comes.
      void loadFormConfirmation();
      void send({ ...rest, service, answers: answers.current });
    }
  }

  if (sent)
    return (
      <Suspense fallback={null}>
        <FormConfirmation form="quote" {...sent} onAction={() => setSent(null)} />
      </Suspense>
    );

  return (
    <form onSubmit={submit} onFocus={onFocus} aria-label="Request a quote" className="relative space-y-4">
      {trap}
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Only when the visitor asked for the form again ('Send another…'): the focus was on that button. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <TextField autoFocus={sent === null} label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
      </div>
      <SelectField label="Service" name="service" value={values.service} onChange={set('service')}>
        <option value="">Select Service</option>
        {SERVICE_KEYS.map((key) => (
          <option key={key} value={key}>
            {SERVICE_LABELS[key]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Message" name="message" rows={5} value={values.message} onChange={set('message')} />
      {/* After a navigation inside the site the page's data may lack them: the fields then ask the API. */}
      {(questions || !isFirstPage()) && (
        <Suspense fallback={null}>
          <QuestionFields form="quote" questions={questions} errors={errors} answersRef={answers} />
        </Suspense>
      )}
      <SubmitButton sending={sending} label="Get Quote" sendingLabel="Sending..." className="shadow disabled:cursor-wait disabled:opacity-70" />
      <PrivacyNote />
    </form>
  );
}
