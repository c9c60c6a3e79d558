import { SITE_MESSAGES, SERVICE_KEYS, SERVICE_LABELS, type CreateLeadPayload, type ServiceKey } from '@brightwave/common';
import { useState, type FormEvent } from 'react';
import { notify } from '../lib/notify';
import { useFormSubmit } from '../lib/use-form-submit';
import { SelectField, TextAreaField, TextField } from './ui/form-field';
import { SubmitButton } from './ui/submit-button';
import { PrivacyNote } from './privacy-note';

type QuoteValues = Omit<CreateLeadPayload, 'service'> & { service: ServiceKey | '' };
const EMPTY: QuoteValues = { name: '', email: '', service: '', message: '' };

/** Quote request (SPEC §2 home, §5): all fields required; cleared on success, kept on failure. */
export function QuoteForm() {
  const [values, setValues] = useState<QuoteValues>(EMPTY);
  const { sending, send, onFocus, trap } = useFormSubmit('POST /api/leads', {
    form: 'quote',
    failureFallback: SITE_MESSAGES.quoteFailure,
    onSuccess: (answer) => {
      notify('success', answer.message ?? SITE_MESSAGES.quoteSuccess);
      setValues(EMPTY);
    },
    onFailure: (message) => notify('error', message),
  });
  const set = (field: keyof QuoteValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { service, ...rest } = values;
    // The select is required, so the browser never submits without a service.
    if (service) void send({ ...rest, service });
  }

  return (
    <form onSubmit={submit} onFocus={onFocus} aria-label="Request a quote" className="relative space-y-4">
      {trap}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} />
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
      <SubmitButton sending={sending} label="Get Quote" sendingLabel="Sending..." className="shadow disabled:cursor-wait disabled:opacity-70" />
      <PrivacyNote />
    </form>
  );
}
