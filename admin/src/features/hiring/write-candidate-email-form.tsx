import { MESSAGES, REJECTION_DELAY_HOURS, WRITTEN_MAIL_PLACEHOLDERS, type CandidateEmailPreview } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { errorAttributes, FieldError, fieldErrorId, inputClasses, labelClasses } from '../../components/ui/fields';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { dateTimeInputValue, isoOfDateTimeInput } from '../../lib/format';
import { EmailTextFields, placeholderProblem } from './candidate-email-fields';
import { useGetCandidateEmailSettingsQuery, usePreviewCandidateEmailMutation, useSendCandidateEmailMutation } from './hiring-api';

// Shown only when the server gives no message (the network failed); its answers carry their own.
const SEND_AT_MISSING = 'Choose the date and time to send it';

type When = 'now' | 'later' | 'at';
const WHEN_LABELS: Record<When, string> = { now: 'Now', later: `In ${REJECTION_DELAY_HOURS} hours`, at: 'At a time' };

/** The ISO time the mail goes out at, null for now; undefined while "At a time" has no valid time. */
function sendAtOf(when: When, at: string): string | null | undefined {
  if (when === 'now') return null;
  if (when === 'later') return new Date(Date.now() + REJECTION_DELAY_HOURS * 3_600_000).toISOString();
  return isoOfDateTimeInput(at) ?? undefined;
}

/** "Write to the candidate": a template (which fills subject and body, still editable) or text of one's own; preview; now or later. */
export function WriteEmailForm({ id }: { id: string }) {
  const headingId = useId();
  const fieldId = useId();
  const templates = useGetCandidateEmailSettingsQuery().data?.templates ?? [];
  const [send, { isLoading: sending }] = useSendCandidateEmailMutation();
  const [previewEmail, { isLoading: previewing }] = usePreviewCandidateEmailMutation();
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [when, setWhen] = useState<When>('now');
  const [at, setAt] = useState('');
  const [preview, setPreview] = useState<CandidateEmailPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // An edit makes the preview shown stale.
  const changeSubject = (value: string) => {
    setSubject(value);
    setPreview(null);
  };
  const changeBody = (value: string) => {
    setBody(value);
    setPreview(null);
  };
  const ids = { template: `${fieldId}-template`, subject: `${fieldId}-subject`, body: `${fieldId}-body`, at: `${fieldId}-at` };

  function chooseTemplate(chosen: string) {
    setTemplateId(chosen);
    const template = templates.find((one) => one._id === chosen);
    if (template) {
      changeSubject(template.subject);
      changeBody(template.body);
    }
  }

  function reset() {
    setTemplateId('');
    setSubject('');
    setBody('');
    setWhen('now');
    setAt('');
    setPreview(null);
    setErrors({});
  }

  async function onPreview() {
    try {
      setPreview(await previewEmail({ id, templateId: templateId || null, subject, body }).unwrap());
      setErrors({});
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.candidateEmailPreviewFailure));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The warning is already shown beside the field: take the admin there.
    if (placeholderProblem(subject) || placeholderProblem(body)) {
      document.getElementById(placeholderProblem(subject) ? ids.subject : ids.body)?.focus();
      return;
    }
    const sendAt = sendAtOf(when, at);
    if (sendAt === undefined) {
      setErrors({ sendAt: SEND_AT_MISSING });
      return;
    }
    try {
      toast.success((await send({ id, templateId: templateId || null, subject, body, sendAt }).unwrap()).message);
      reset();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.candidateEmailSendFailure));
    }
  }

  return (
    <div className="mt-5 border-t border-gray-200 pt-4">
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        Write to the candidate
      </h3>
      <form aria-labelledby={headingId} className="mt-3 space-y-4" onSubmit={onSubmit}>
        <div>
          <label htmlFor={ids.template} className={labelClasses}>
            Template
          </label>
          <select
            id={ids.template}
            className={inputClasses}
            value={templateId}
            {...errorAttributes(ids.template, errors.templateId)}
            onChange={(event) => chooseTemplate(event.target.value)}
          >
            <option value="">No template: write your own</option>
            {templates.map((template) => (
              <option key={template._id} value={template._id}>
                {template.name}
              </option>
            ))}
          </select>
          <FieldError controlId={ids.template} error={errors.templateId} />
        </div>
        {/* An interview invitation's link has its own dialog (Invite to interview): this mail has none to give. */}
        <EmailTextFields
          ids={ids}
          subject={subject}
          body={body}
          onSubjectChange={changeSubject}
          onBodyChange={changeBody}
          errors={errors}
          bodyRows={8}
          placeholders={WRITTEN_MAIL_PLACEHOLDERS}
        />
        <fieldset aria-describedby={errors.sendAt ? fieldErrorId(ids.at) : undefined}>
          <legend className={labelClasses}>When</legend>
          <div className="flex flex-wrap gap-4">
            {(Object.keys(WHEN_LABELS) as When[]).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-gray-900">
                <input type="radio" name={`${fieldId}-when`} value={value} checked={when === value} onChange={() => setWhen(value)} />
                {WHEN_LABELS[value]}
              </label>
            ))}
          </div>
          {when === 'at' && (
            <div className="mt-3 max-w-xs">
              <label htmlFor={ids.at} className={labelClasses}>
                Send at
              </label>
              <input
                id={ids.at}
                type="datetime-local"
                required
                min={dateTimeInputValue(new Date().toISOString())}
                className={inputClasses}
                value={at}
                {...errorAttributes(ids.at, errors.sendAt)}
                onChange={(event) => setAt(event.target.value)}
              />
            </div>
          )}
          <FieldError controlId={ids.at} error={errors.sendAt} />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClasses('secondary')} disabled={previewing} onClick={onPreview}>
            Preview
          </button>
          <button type="submit" className={buttonClasses('primary')} disabled={sending}>
            {when === 'now' ? 'Send e-mail' : 'Schedule e-mail'}
          </button>
        </div>
      </form>
      {preview && <PreviewPanel preview={preview} />}
    </div>
  );
}

/** The mail as the candidate will read it: its subject and its text part (the HTML part is the server's layout of the same). */
function PreviewPanel({ preview }: { preview: CandidateEmailPreview }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-md border border-gray-200 p-3">
      <h4 id={headingId} className="text-sm font-semibold text-gray-900">
        Preview
      </h4>
      <p className="mt-2 text-sm text-gray-900">
        <span className="font-medium">Subject:</span> {preview.subject}
      </p>
      <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-gray-50 p-3 font-sans text-sm text-gray-900">{preview.text}</pre>
    </section>
  );
}
