// The subject and body of a candidate mail, as the mail form of an application and the templates of Settings → Candidate
// e-mails both edit them: each field with its problem under it, unknown placeholders flagged as they are typed, and the
// placeholders a click inserts into whichever of the two had the focus last.
import {
  CANDIDATE_BODY_MAX_LENGTH,
  CANDIDATE_PLACEHOLDERS,
  CANDIDATE_PLACEHOLDER_LABELS,
  CANDIDATE_SUBJECT_MAX_LENGTH,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
  type CandidatePlaceholder,
} from '@brightwave/common';
import { useId, useState, type ChangeEvent } from 'react';
import { FiPlus } from 'react-icons/fi';
import { buttonClasses } from '../../components/ui/button';
import { errorAttributes, FieldError, inputClasses, labelClasses } from '../../components/ui/fields';

/** What a person reads under a field whose text uses placeholders that do not exist; '' when it uses none. */
export function placeholderProblem(text: string): string {
  const unknown = unknownPlaceholders(text);
  return unknown.length > 0 ? unknownPlaceholdersMessage(unknown) : '';
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
function PlaceholderList({ names, onInsert }: { names: readonly CandidatePlaceholder[]; onInsert: (name: CandidatePlaceholder) => void }) {
  const headingId = useId();
  return (
    <div className="rounded-md bg-gray-50 p-3">
      <p id={headingId} className="text-sm font-medium text-gray-800">
        Placeholders (filled in for each candidate)
      </p>
      <ul aria-labelledby={headingId} className="mt-2 space-y-1 text-sm text-gray-800">
        {names.map((name) => (
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
  /** The placeholders offered: every one by default (a template may be sent as an interview invitation). */
  placeholders?: readonly CandidatePlaceholder[];
}

/**
 * A candidate mail's subject and body, each with its problem under it, and the placeholders that go into whichever of
 * the two had the focus last.
 */
export function EmailTextFields({
  ids,
  subject,
  body,
  onSubjectChange,
  onBodyChange,
  errors,
  bodyRows,
  subjectAutoComplete,
  placeholders: offered = CANDIDATE_PLACEHOLDERS,
}: EmailTextFieldsProps) {
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
      <PlaceholderList names={offered} onInsert={placeholders.insert} />
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

/**
 * The subject or the body: a required text whose problem shows under it and describes it; an unknown placeholder is
 * announced as it is typed.
 */
function EmailTextField({ id, label, maxLength, rows, autoComplete, value, error, onFocus, onChange }: EmailTextFieldProps) {
  const placeholders = placeholderProblem(value);
  const problem = placeholders || error;
  const control = {
    id,
    required: true,
    maxLength,
    className: inputClasses,
    value,
    ...errorAttributes(id, problem),
    onFocus,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {rows === undefined ? <input type="text" autoComplete={autoComplete} {...control} /> : <textarea rows={rows} {...control} />}
      <FieldError controlId={id} error={problem} live={placeholders !== ''} />
    </div>
  );
}
