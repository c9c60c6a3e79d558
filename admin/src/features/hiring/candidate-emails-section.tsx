import {
  MESSAGES,
  CANDIDATE_BODY_MAX_LENGTH,
  CANDIDATE_EMAIL_STATUS_LABELS,
  CANDIDATE_PLACEHOLDERS,
  CANDIDATE_PLACEHOLDER_LABELS,
  CANDIDATE_SUBJECT_MAX_LENGTH,
  REJECTION_DELAY_HOURS,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
  type CandidateEmail,
  type CandidateEmailPreview,
  type CandidatePlaceholder,
} from '@brightwave/common';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { FiPlus, FiX } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { inputClasses, labelClasses } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api-error';
import { dateTimeInputValue, formatDateTime, isoOfDateTimeInput } from '../../lib/format';
import { sectionClasses, sectionHeadingClasses } from '../workspace/item-details';
import {
  useCancelCandidateEmailMutation,
  useGetCandidateEmailSettingsQuery,
  useGetCandidateEmailsQuery,
  usePreviewCandidateEmailMutation,
  useSendCandidateEmailMutation,
} from './hiring-api';

// Shown only when the server gives no message (the network failed); its answers carry their own.
const SEND_AT_MISSING = 'Choose the date and time to send it';

/** The server's errors per field of a refused form (400), e.g. `{ subject, body }`. */
export function fieldErrorsOf(failure: unknown): Record<string, string> {
  return (failure as { data?: { errors?: Record<string, string> } } | undefined)?.data?.errors ?? {};
}

/** What a person reads under a field whose text uses placeholders that do not exist; '' when it uses none. */
export function placeholderProblem(text: string): string {
  const unknown = unknownPlaceholders(text);
  return unknown.length > 0 ? unknownPlaceholdersMessage(unknown) : '';
}

/** A field's problem under it (the live placeholder check, or the server's refusal), announced when it appears. */
export function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {problem}
    </p>
  );
}

/**
 * Where a clicked placeholder goes: into the subject or the body (the fields with these ids), whichever had the focus
 * last (the body at first), at its cursor; the cursor then stands after it.
 */
function usePlaceholderInsertion(subject: { id: string; set: (value: string) => void }, body: { id: string; set: (value: string) => void }) {
  const [last, setLast] = useState<'subject' | 'body'>('body');

  function insert(name: CandidatePlaceholder) {
    const field = last === 'subject' ? subject : body;
    const element = document.getElementById(field.id);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
    const token = `{{${name}}}`;
    const start = element.selectionStart ?? element.value.length;
    const end = element.selectionEnd ?? start;
    field.set(element.value.slice(0, start) + token + element.value.slice(end));
    // Once React has shown the new value.
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return { onSubjectFocus: () => setLast('subject'), onBodyFocus: () => setLast('body'), insert };
}

/** The placeholders a subject or body may use, each with what it stands for and a button that inserts it. */
function PlaceholderList({ onInsert }: { onInsert: (name: CandidatePlaceholder) => void }) {
  const headingId = useId();
  return (
    <div className="rounded-md bg-gray-50 p-3">
      <p id={headingId} className="text-sm font-medium text-gray-800">
        Placeholders (filled in for each candidate)
      </p>
      <ul aria-labelledby={headingId} className="mt-2 space-y-1 text-sm text-gray-800">
        {CANDIDATE_PLACEHOLDERS.map((name) => (
          <li key={name} className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={buttonClasses('secondary', 'px-2 py-0.5 font-mono text-xs')}
              aria-label={`Insert {{${name}}}: ${CANDIDATE_PLACEHOLDER_LABELS[name]}`}
              onClick={() => onInsert(name)}
            >
              <FiPlus aria-hidden="true" /> {`{{${name}}}`}
            </button>
            <span>{CANDIDATE_PLACEHOLDER_LABELS[name]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface EmailTextFieldsProps {
  /** The ids of the subject input and the body textarea (a form's submit takes the focus to the one with a problem). */
  ids: { subject: string; body: string };
  subject: string;
  body: string;
  /** Called with the new text, typed or with a placeholder inserted. */
  onSubjectChange: (value: string) => void;
  onBodyChange: (value: string) => void;
  /** The server's refusal of each field. */
  errors: { subject?: string; body?: string };
  bodyRows: number;
  subjectAutoComplete?: string;
}

/**
 * A candidate mail's subject and body, each with its problem under it, and the placeholders that go into whichever of
 * the two had the focus last.
 */
export function EmailTextFields({ ids, subject, body, onSubjectChange, onBodyChange, errors, bodyRows, subjectAutoComplete }: EmailTextFieldsProps) {
  const placeholders = usePlaceholderInsertion({ id: ids.subject, set: onSubjectChange }, { id: ids.body, set: onBodyChange });
  return (
    <>
      <EmailTextField
        id={ids.subject}
        label="Subject"
        maxLength={CANDIDATE_SUBJECT_MAX_LENGTH}
        autoComplete={subjectAutoComplete}
        value={subject}
        error={errors.subject}
        onFocus={placeholders.onSubjectFocus}
        onChange={onSubjectChange}
      />
      <EmailTextField
        id={ids.body}
        label="Body"
        maxLength={CANDIDATE_BODY_MAX_LENGTH}
        rows={bodyRows}
        value={body}
        error={errors.body}
        onFocus={placeholders.onBodyFocus}
        onChange={onBodyChange}
      />
      <PlaceholderList onInsert={placeholders.insert} />
    </>
  );
}

interface EmailTextFieldProps {
  id: string;
  label: string;
  maxLength: number;
  /** A textarea of this many rows; without, a one-line input. */
  rows?: number;
  autoComplete?: string;
  value: string;
  /** The server's refusal; a placeholder that does not exist is flagged instead, as it is typed. */
  error: string | undefined;
  onFocus: () => void;
  onChange: (value: string) => void;
}

/** The subject or the body: a required text whose problem shows under it and describes it. */
function EmailTextField({ id, label, maxLength, rows, autoComplete, value, error, onFocus, onChange }: EmailTextFieldProps) {
  const problem = placeholderProblem(value) || error;
  const control = {
    id,
    required: true,
    maxLength,
    className: inputClasses,
    value,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-problem` : undefined,
    onFocus,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {rows === undefined ? <input type="text" autoComplete={autoComplete} {...control} /> : <textarea rows={rows} {...control} />}
      <FieldProblem id={`${id}-problem`} problem={problem} />
    </div>
  );
}

/** When a mail went, goes or would have gone out, as its status says. */
function timeOf(email: CandidateEmail): string {
  const at = formatDateTime(email.sendAt);
  switch (email.status) {
    case 'scheduled':
      return `Scheduled for ${at}`;
    case 'queued':
      return `Queued ${at}`;
    case 'sending':
      return `Sending since ${at}`;
    case 'sent':
      return `Sent ${formatDateTime(email.sentAt ?? email.sendAt)}`;
    case 'failed':
      return `Could not be delivered (due ${at})`;
    case 'cancelled':
      return `Cancelled (was scheduled for ${at})`;
  }
}

/**
 * An application's mails to the candidate (docs/features/hiring.md): those sent, going out and scheduled (a scheduled
 * one can be cancelled), and a form to write one from a template, preview it and send it now or later.
 */
export function CandidateEmailsSection({ id, fullName }: { id: string; fullName: string }) {
  const headingId = useId();
  const { data: emails, isLoading, isError, refetch } = useGetCandidateEmailsQuery(id);
  const [cancel, { isLoading: cancelling }] = useCancelCandidateEmailMutation();
  const [toCancel, setToCancel] = useState<CandidateEmail | null>(null);

  async function onConfirmCancel() {
    if (!toCancel) return;
    try {
      toast.success((await cancel({ id, emailId: toCancel._id }).unwrap()).message);
    } catch (failure) {
      // 409: it went out meanwhile; the list is fetched again either way.
      toast.error(errorMessage(failure, MESSAGES.candidateEmailCancelFailure));
    }
    setToCancel(null);
  }

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        E-mails to the candidate
      </h2>
      {isLoading ? (
        <Loading label="Loading the e-mails…" />
      ) : !emails ? (
        isError && <LoadError onRetry={() => void refetch()} />
      ) : emails.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">No e-mails yet.</p>
      ) : (
        <ul aria-label="E-mails to the candidate" className="mt-3 space-y-3">
          {emails.map((email) => (
            <li key={email._id}>
              <article aria-label={email.subject} className="rounded-md border border-gray-200 p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-semibold text-gray-900">{email.subject}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-700">
                      <span className={badgeClasses('gray')}>{CANDIDATE_EMAIL_STATUS_LABELS[email.status]}</span>
                      <span>
                        {timeOf(email)} by {email.sentBy?.name ?? 'a former admin'}
                      </span>
                    </p>
                  </div>
                  {email.status === 'scheduled' && (
                    <button
                      type="button"
                      className={buttonClasses('ghost', 'px-2 py-1 text-red-700 hover:bg-red-50')}
                      aria-label={`Cancel the e-mail ${email.subject}`}
                      onClick={() => setToCancel(email)}
                    >
                      <FiX aria-hidden="true" /> Cancel
                    </button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <WriteEmailForm id={id} />
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel the scheduled e-mail"
        message={`“${toCancel?.subject ?? ''}” will not be sent to ${fullName}.`}
        confirmLabel="Cancel the e-mail"
        busy={cancelling}
        onConfirm={onConfirmCancel}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}

type When = 'now' | 'later' | 'at';
const WHEN_LABELS: Record<When, string> = { now: 'Now', later: `In ${REJECTION_DELAY_HOURS} hours`, at: 'At a time' };

/** The ISO time the mail goes out at, null for now; undefined while "At a time" has no valid time. */
function sendAtOf(when: When, at: string): string | null | undefined {
  if (when === 'now') return null;
  if (when === 'later') return new Date(Date.now() + REJECTION_DELAY_HOURS * 3_600_000).toISOString();
  return isoOfDateTimeInput(at) ?? undefined;
}

/** "Write to the candidate": a template (which fills subject and body, still editable) or text of one's own; preview; now or later. */
function WriteEmailForm({ id }: { id: string }) {
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

  const describedBy = (key: 'templateId' | 'sendAt', inputId: string) => (errors[key] ? `${inputId}-problem` : undefined);
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
            aria-describedby={describedBy('templateId', ids.template)}
            onChange={(event) => chooseTemplate(event.target.value)}
          >
            <option value="">No template: write your own</option>
            {templates.map((template) => (
              <option key={template._id} value={template._id}>
                {template.name}
              </option>
            ))}
          </select>
          <FieldProblem id={`${ids.template}-problem`} problem={errors.templateId} />
        </div>
        <EmailTextFields ids={ids} subject={subject} body={body} onSubjectChange={changeSubject} onBodyChange={changeBody} errors={errors} bodyRows={8} />
        <fieldset aria-describedby={describedBy('sendAt', ids.at)}>
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
                aria-invalid={errors.sendAt ? true : undefined}
                onChange={(event) => setAt(event.target.value)}
              />
            </div>
          )}
          <FieldProblem id={`${ids.at}-problem`} problem={errors.sendAt} />
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
