// The custom questions of a form (docs/features/form-questions.md), after the SPEC's fields: a chunk loaded on demand
// (lib/question-fields.ts) by the quote, contact and apply forms only when their form has questions, so a form without
// any loads not a byte of this.
// The same field components, labels and styles as the SPEC's fields; a question's help text and the server's message
// for it (`answers.<id>`) are tied to its control by aria-describedby.
import { isQuestionShown, sanitizePhoneInput, type AnswerOf, type FormAnswers, type FormQuestion, type QuestionForm } from '@brightwave/common';
import { Fragment, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { API_BASE_URL } from '../lib/env';
import { RichText } from './rich-text';
import { SelectField, TextAreaField, TextField } from './ui/form-field';

export interface QuestionFieldsProps {
  /**
   * The questions, as the page's data gives them; left out after a navigation inside the site to a page whose data
   * the browser does not have, when they are asked of the API (`form`'s).
   */
  questions?: FormQuestion[];
  form?: QuestionForm;
  /** The server's refusals of the form's last submission, by `answers.<id>` (other keys are ignored). */
  errors?: Record<string, string>;
  /** Where the form finds the answers to send: the shown questions' only, each left-out one omitted. */
  answersRef: RefObject<FormAnswers | undefined>;
}

const INPUT_TYPES: Partial<Record<FormQuestion['type'], string>> = { email: 'email', url: 'url', phone: 'tel', number: 'number', date: 'date' };
const LEGEND_CLASS = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
const CHOICE_CLASS = 'mt-1 flex items-center gap-2 text-slate-800 dark:text-slate-200';
const BOX_CLASS = 'h-4 w-4 shrink-0 accent-indigo-700';

/** The value to send for one answer as typed or chosen, or undefined when it was left out. */
function sentValue(question: FormQuestion, value: unknown): unknown {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  // A number the browser accepted is sent as one; anything else as typed, for the server to refuse at the field.
  if (question.type === 'number' && typeof value === 'string' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** The answers a submission carries: those of the questions shown under them, in order. */
function shownAnswers(questions: FormQuestion[], answers: FormAnswers): FormAnswers {
  const sent: FormAnswers = {};
  for (const question of questions) {
    const value = sentValue(question, answers[question.id]);
    if (isQuestionShown(question, answers) && value !== undefined) sent[question.id] = value;
  }
  return sent;
}

function Legend({ question }: { question: FormQuestion }) {
  return (
    <legend className={LEGEND_CLASS}>
      {question.label}
      {!question.required && <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>}
    </legend>
  );
}

/** A form's questions from the API, or none when it cannot answer (the server then refuses what is missing). */
async function loadQuestions(form: QuestionForm): Promise<FormQuestion[]> {
  try {
    const response = await fetch(`${API_BASE_URL}/api/forms/${form}`, { headers: { Accept: 'application/json' } });
    return response.ok ? ((await response.json()) as AnswerOf<'GET /api/forms/:form'>).questions : [];
  } catch {
    return [];
  }
}

export default function QuestionFields({ questions: given, form, errors, answersRef }: QuestionFieldsProps) {
  const [questions, setQuestions] = useState(given ?? []);
  const [answers, setAnswers] = useState<FormAnswers>({});
  // The questions answered again since the server's last refusals: their messages are gone.
  const [edited, setEdited] = useState<{ errors: typeof errors; ids: string[] }>({ errors, ids: [] });
  if (edited.errors !== errors) setEdited({ errors, ids: [] });
  const prefix = useId();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (given === undefined && form !== undefined) void loadQuestions(form).then(setQuestions);
  }, [given, form]);

  useEffect(() => {
    answersRef.current = shownAnswers(questions, answers);
  }, [answersRef, questions, answers]);

  // New refusals: the first refused field takes the focus (as the browser does with its own checks).
  useEffect(() => {
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-refused] input')?.focus();
  }, [errors]);

  const answer = (id: string, value: unknown) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    setEdited((current) => (current.ids.includes(id) ? current : { ...current, ids: [...current.ids, id] }));
  };

  function field(question: FormQuestion): ReactNode {
    const id = `${prefix}${question.id}`;
    const error = edited.ids.includes(question.id) ? undefined : errors?.[`answers.${question.id}`];
    const describedBy = [question.help && `${id}-help`, question.type === 'consent' && `${id}-statement`, error && `${id}-error`].filter(Boolean).join(' ');
    const aria = { 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined };
    const name = `answers.${question.id}`;
    const value = answers[question.id];
    const text = typeof value === 'string' ? value : '';
    const optional = !question.required;
    const notes = (
      <>
        {question.help && (
          <p id={`${id}-help`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {question.help}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </>
    );
    switch (question.type) {
      case 'textarea':
        return (
          <div>
            <TextAreaField
              label={question.label}
              optional={optional}
              name={name}
              rows={4}
              value={text}
              onChange={(event) => answer(question.id, event.target.value)}
              {...aria}
            />
            {notes}
          </div>
        );
      case 'select':
        return (
          <div>
            <SelectField
              label={question.label}
              optional={optional}
              name={name}
              value={text}
              onChange={(event) => answer(question.id, event.target.value)}
              {...aria}
            >
              <option value="">Select…</option>
              {question.options?.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
            {notes}
          </div>
        );
      case 'multiselect': {
        const chosen = Array.isArray(value) ? (value as string[]) : [];
        return (
          <fieldset aria-describedby={aria['aria-describedby']}>
            <Legend question={question} />
            {question.options?.map((option) => (
              <label key={option} className={CHOICE_CLASS}>
                <input
                  type="checkbox"
                  name={name}
                  value={option}
                  className={BOX_CLASS}
                  checked={chosen.includes(option)}
                  aria-invalid={aria['aria-invalid']}
                  onChange={(event) =>
                    // In the options' order, as the server keeps them.
                    answer(
                      question.id,
                      question.options?.filter((item) => (item === option ? event.target.checked : chosen.includes(item))),
                    )
                  }
                />
                {option}
              </label>
            ))}
            {notes}
          </fieldset>
        );
      }
      case 'checkbox':
        return (
          // A radio cannot say it is invalid (aria-invalid): the group is marked for the focus instead.
          <fieldset aria-describedby={aria['aria-describedby']} data-refused={error ? '' : undefined}>
            <Legend question={question} />
            <div className="flex gap-6">
              {[true, false].map((yes) => (
                <label key={String(yes)} className={CHOICE_CLASS}>
                  <input
                    type="radio"
                    name={name}
                    value={yes ? 'yes' : 'no'}
                    className={BOX_CLASS}
                    required={question.required}
                    checked={value === yes}
                    onChange={() => answer(question.id, yes)}
                  />
                  {yes ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
            {notes}
          </fieldset>
        );
      case 'consent':
        return (
          <div>
            <div className="flex items-start gap-2">
              <input
                id={id}
                type="checkbox"
                name={name}
                value="yes"
                required
                className={`${BOX_CLASS} mt-1`}
                checked={value === true}
                onChange={(event) => answer(question.id, event.target.checked || undefined)}
                {...aria}
              />
              <label htmlFor={id} className={LEGEND_CLASS}>
                {question.label}
              </label>
            </div>
            {question.statement && (
              <div id={`${id}-statement`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                <RichText doc={question.statement} />
              </div>
            )}
            {notes}
          </div>
        );
      default:
        return (
          <TextField
            label={question.label}
            optional={optional}
            name={name}
            type={INPUT_TYPES[question.type] ?? 'text'}
            inputMode={question.type === 'phone' ? 'tel' : undefined}
            min={question.min}
            max={question.max}
            step={question.type === 'number' ? 'any' : undefined}
            value={text}
            onChange={(event) => answer(question.id, question.type === 'phone' ? sanitizePhoneInput(event.target.value) : event.target.value)}
            hint={notes}
            {...aria}
          />
        );
    }
  }

  // Nothing at all without questions: an empty block would still take its place in the form's spacing.
  if (questions.length === 0) return null;
  return (
    <div ref={container} className="space-y-4">
      {questions.map((question) => isQuestionShown(question, answers) && <Fragment key={question.id}>{field(question)}</Fragment>)}
    </div>
  );
}
