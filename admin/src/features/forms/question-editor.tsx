import {
  FORM_QUESTIONS_MAX,
  NO,
  QUESTION_LABEL_MAX_LENGTH,
  QUESTION_HELP_MAX_LENGTH,
  QUESTION_OPTION_MAX_LENGTH,
  QUESTION_TYPES,
  YES,
  choiceAnswers,
  type FormQuestion,
  type QuestionType,
} from '@brightwave/common';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FiArrowDown, FiArrowUp, FiCopy, FiPlus, FiTrash2 } from 'react-icons/fi';
import { buttonClasses, iconButtonClasses } from '../../components/ui/button';
import { errorAttributes, FieldError, inputClasses, labelClasses, SelectField, TextField } from '../../components/ui/fields';
import { isRichDocument } from '../content/content-values';
import { RichTextInput } from '../content/rich-text-input';
import {
  duplicated,
  hasOptionList,
  isChoiceType,
  movedItem,
  newQuestion,
  optionRenamed,
  QUESTION_TYPE_LABELS,
  relabelled,
  removed,
  replaced,
  withType,
} from './question-edits';
import { QuestionPreview } from './question-preview';

const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }));
const ANSWER_LABELS: Record<string, string> = { [YES]: 'Yes', [NO]: 'No' };
const answerLabel = (answer: string) => ANSWER_LABELS[answer] ?? answer;
/** How a question is named in its controls' names ("Move Budget up"): its label, or its place while it has none. */
const nameOf = (question: FormQuestion, index: number) => question.label.trim() || `question ${index + 1}`;

/** The fields of a question whose errors are shown at a control; any other path of the question shows at its top. */
const PLACED_FIELDS = new Set([
  'id',
  'label',
  'help',
  'type',
  'required',
  'options',
  'min',
  'max',
  'statement',
  'showIf',
  'showIf.question',
  'showIf.equals',
  'knockout',
  'knockout.answers',
]);

interface QuestionEditorProps {
  questions: FormQuestion[];
  onChange: (questions: FormQuestion[]) => void;
  /** A job's questions: knockout answers may be set. */
  job: boolean;
  /** The ids of the questions as saved: they never change (past answers are keyed by them); a new question's id follows its label. */
  savedIds: ReadonlySet<string>;
  /** The messages to show, by path (`questions.2.label`): the server's refusal, and the editor's own checks once a save was tried. */
  errors: Record<string, string>;
}

let keyCount = 0;
const nextKey = () => `q${++keyCount}`;

/**
 * The question editor (docs/features/form-questions.md): add a question of a type, edit its label, help, options,
 * range, statement, condition and (a job's) knockout; move it with Move up/Move down or Alt+Arrow keys inside it;
 * duplicate or remove it; and beside it the form as a visitor sees it.
 */
export function QuestionEditor({ questions, onChange, job, savedIds, errors }: QuestionEditorProps) {
  const prefix = useId();
  // React keys that survive a new question's id following its label (its fields keep focus while typing).
  const [keys, setKeys] = useState<string[]>(() => questions.map(nextKey));
  // A list replaced from outside (Discard changes) keeps the keys it can; the next change stores them.
  const stableKeys = questions.map((_question, index) => keys[index] ?? `extra-${index}`);
  const [newType, setNewType] = useState<QuestionType>('text');
  const [announcement, setAnnouncement] = useState('');
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    if (focusAfter.current === null) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const controlId = (key: string, field: string) => `${prefix}-${key}-${field}`;

  function change(next: FormQuestion[], nextKeys: string[] = stableKeys) {
    setKeys(nextKeys);
    onChange(next);
  }

  function add() {
    const key = nextKey();
    focusAfter.current = controlId(key, 'label');
    change([...questions, newQuestion(newType)], [...stableKeys, key]);
    setAnnouncement(`Question ${questions.length + 1} added`);
  }

  function move(index: number, by: -1 | 1, keepFocusOn?: string) {
    const to = index + by;
    if (to < 0 || to >= questions.length) return;
    const key = stableKeys[index] as string;
    // The pressed button when it is still there, else its twin (Move up at the top becomes unavailable).
    const pressed = keepFocusOn ?? (by === -1 ? (to === 0 ? 'down' : 'up') : to === questions.length - 1 ? 'up' : 'down');
    focusAfter.current = controlId(key, pressed);
    change(movedItem(questions, index, by), movedItem(stableKeys, index, by));
    setAnnouncement(`${nameOf(questions[index] as FormQuestion, index)} moved to position ${to + 1} of ${questions.length}`);
  }

  function duplicate(index: number) {
    const key = nextKey();
    focusAfter.current = controlId(key, 'label');
    change(duplicated(questions, index), [...stableKeys.slice(0, index + 1), key, ...stableKeys.slice(index + 1)]);
    setAnnouncement(`${nameOf(questions[index] as FormQuestion, index)} duplicated`);
  }

  function remove(index: number) {
    const next = stableKeys[index + 1] ?? stableKeys[index - 1];
    focusAfter.current = next ? controlId(next, 'label') : `${prefix}-add`;
    change(
      removed(questions, index),
      stableKeys.filter((_key, at) => at !== index),
    );
    setAnnouncement(`${nameOf(questions[index] as FormQuestion, index)} removed`);
  }

  /** Alt+ArrowUp / Alt+ArrowDown inside a question moves it; focus stays on the control it was on. */
  function onQuestionKeyDown(event: KeyboardEvent<HTMLFieldSetElement>, index: number) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const target = event.target as HTMLElement;
    const key = stableKeys[index] as string;
    const field = target.id.startsWith(`${prefix}-${key}-`) ? target.id.slice(`${prefix}-${key}-`.length) : 'label';
    move(index, event.key === 'ArrowUp' ? -1 : 1, field);
  }

  const listError = errors.questions;
  return (
    // Side by side where the editor has room (the Forms screen), the preview below it in a narrower place (the job's dialog).
    <div className="@container">
      <div className="grid gap-6 @4xl:grid-cols-2">
        <div className="space-y-4">
          <p id={`${prefix}-keys`} className="text-xs text-gray-700">
            Move a question with its Move up and Move down buttons, or with Alt+Up arrow and Alt+Down arrow from any of its fields. An answer to a question is
            kept under the question's id, which never changes once saved.
          </p>
          <FieldError controlId={`${prefix}-list`} error={listError} />
          {questions.length === 0 && <p className="text-sm text-gray-700">No questions yet: the form asks only its own fields.</p>}
          <ol className="space-y-4" aria-label="Questions">
            {questions.map((question, index) => {
              const key = stableKeys[index] as string;
              return (
                <li key={key}>
                  <QuestionFields
                    question={question}
                    index={index}
                    questions={questions}
                    job={job}
                    idOf={(field) => controlId(key, field)}
                    errorOf={(field) => errors[`questions.${index}.${field}`]}
                    otherErrors={Object.entries(errors)
                      .filter(
                        ([path]) =>
                          path === `questions.${index}` || (path.startsWith(`questions.${index}.`) && !isPlaced(path.slice(`questions.${index}.`.length))),
                      )
                      .map(([, message]) => message)}
                    saved={savedIds.has(question.id)}
                    onChange={(next) => change(replaced(questions, index, next))}
                    onLabel={(label) => change(relabelled(questions, index, label, savedIds))}
                    onRenameOption={(optionIndex, text) => change(optionRenamed(questions, index, optionIndex, text))}
                    onKeyDown={(event) => onQuestionKeyDown(event, index)}
                    keysHintId={`${prefix}-keys`}
                    actions={{
                      up: () => move(index, -1),
                      down: () => move(index, 1),
                      duplicate: () => duplicate(index),
                      remove: () => remove(index),
                    }}
                    canAdd={questions.length < FORM_QUESTIONS_MAX}
                    last={index === questions.length - 1}
                  />
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-56">
              <SelectField
                label="Kind of the new question"
                options={TYPE_OPTIONS}
                value={newType}
                onChange={(event) => setNewType(event.target.value as QuestionType)}
              />
            </div>
            <button id={`${prefix}-add`} type="button" className={buttonClasses('secondary')} onClick={add} disabled={questions.length >= FORM_QUESTIONS_MAX}>
              <FiPlus aria-hidden="true" /> Add question
            </button>
          </div>
          {questions.length >= FORM_QUESTIONS_MAX && <p className="text-xs text-gray-700">A form has at most {FORM_QUESTIONS_MAX} questions.</p>}
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </div>
        <QuestionPreview questions={questions} />
      </div>
    </div>
  );
}

const isPlaced = (field: string) => PLACED_FIELDS.has(field) || /^options\.\d+$/.test(field);

interface QuestionFieldsProps {
  question: FormQuestion;
  index: number;
  questions: FormQuestion[];
  job: boolean;
  idOf: (field: string) => string;
  errorOf: (field: string) => string | undefined;
  otherErrors: string[];
  saved: boolean;
  onChange: (question: FormQuestion) => void;
  onLabel: (label: string) => void;
  onRenameOption: (optionIndex: number, text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLFieldSetElement>) => void;
  keysHintId: string;
  actions: { up: () => void; down: () => void; duplicate: () => void; remove: () => void };
  canAdd: boolean;
  last: boolean;
}

function QuestionFields({
  question,
  index,
  questions,
  job,
  idOf,
  errorOf,
  otherErrors,
  saved,
  onChange,
  onLabel,
  onRenameOption,
  onKeyDown,
  keysHintId,
  actions,
  canAdd,
  last,
}: QuestionFieldsProps) {
  const name = nameOf(question, index);
  const set = (changes: Partial<FormQuestion>) => onChange({ ...question, ...changes });
  const withHelp = (help: string) => {
    const { help: _old, ...rest } = question;
    return help === '' ? rest : { ...rest, help };
  };
  const withBound = (field: 'min' | 'max', value: number | undefined) => {
    const { [field]: _old, ...rest } = question;
    return value === undefined ? rest : { ...rest, [field]: value };
  };
  const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const labelError = errorOf('label') ?? errorOf('id');
  const toolButton = (label: string, icon: typeof FiArrowUp, onClick: () => void, field: string, disabled = false, danger = false) => {
    const Icon = icon;
    return (
      <button
        id={idOf(field)}
        type="button"
        aria-label={label}
        title={label}
        disabled={disabled}
        className={danger ? `${iconButtonClasses} text-red-700 hover:bg-red-50` : `${iconButtonClasses} disabled:text-gray-400`}
        onClick={onClick}
      >
        <Icon aria-hidden="true" />
      </button>
    );
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Alt+Arrow from any control inside moves the question.
    <fieldset className="rounded-md border border-gray-300 bg-white p-4" onKeyDown={onKeyDown} aria-describedby={keysHintId}>
      <legend className="px-1 text-sm font-semibold text-gray-900">
        Question {index + 1}: {question.label.trim() || 'untitled'}
      </legend>
      <div className="mb-2 flex flex-wrap justify-end gap-1">
        {toolButton(`Move ${name} up`, FiArrowUp, actions.up, 'up', index === 0)}
        {toolButton(`Move ${name} down`, FiArrowDown, actions.down, 'down', last)}
        {toolButton(`Duplicate question ${name}`, FiCopy, actions.duplicate, 'duplicate', !canAdd)}
        {toolButton(`Remove question ${name}`, FiTrash2, actions.remove, 'remove', false, true)}
      </div>
      {otherErrors.map((message) => (
        <p key={message} className="mb-2 text-sm text-red-700">
          {message}
        </p>
      ))}
      <div className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <TextField
              id={idOf('label')}
              label="Label"
              required
              maxLength={QUESTION_LABEL_MAX_LENGTH}
              value={question.label}
              error={labelError}
              aria-describedby={idOf('id-hint')}
              onChange={(event) => onLabel(event.target.value)}
            />
            <p id={idOf('id-hint')} className="mt-1 text-xs text-gray-600">
              Id: <code>{question.id}</code>
              {saved ? ' (saved: it stays as it is)' : ' (follows the label until saved)'}
            </p>
          </div>
          <SelectField
            id={idOf('type')}
            label="Kind of answer"
            options={TYPE_OPTIONS}
            value={question.type}
            error={errorOf('type')}
            onChange={(event) => onChange(withType(question, event.target.value as QuestionType))}
          />
        </div>
        <TextField
          id={idOf('help')}
          label="Help text (optional)"
          maxLength={QUESTION_HELP_MAX_LENGTH}
          value={question.help ?? ''}
          error={errorOf('help')}
          onChange={(event) => onChange(withHelp(event.target.value))}
        />
        <div>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input
              id={idOf('required')}
              type="checkbox"
              checked={question.required}
              disabled={question.type === 'consent'}
              onChange={(event) => set({ required: event.target.checked })}
              {...errorAttributes(idOf('required'), errorOf('required'))}
            />
            {question.type === 'consent' ? 'Required (a consent always is)' : 'Required'}
          </label>
          <FieldError controlId={idOf('required')} error={errorOf('required')} />
        </div>
        {hasOptionList(question.type) && (
          <OptionsFields question={question} idOf={idOf} errorOf={errorOf} onChange={onChange} onRename={onRenameOption} name={name} />
        )}
        {question.type === 'number' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              id={idOf('min')}
              label="Smallest number (optional)"
              type="number"
              value={question.min ?? ''}
              error={errorOf('min')}
              onChange={(event) => onChange(withBound('min', numberOf(event.target.value)))}
            />
            <TextField
              id={idOf('max')}
              label="Largest number (optional)"
              type="number"
              value={question.max ?? ''}
              error={errorOf('max')}
              onChange={(event) => onChange(withBound('max', numberOf(event.target.value)))}
            />
          </div>
        )}
        {question.type === 'consent' && (
          <div>
            <RichTextInput
              id={idOf('statement')}
              label="Statement the person agrees to"
              aria-required
              {...errorAttributes(idOf('statement'), errorOf('statement'))}
              value={question.statement}
              onChange={(value) => {
                if (isRichDocument(value)) set({ statement: value });
              }}
            />
            <FieldError controlId={idOf('statement')} error={errorOf('statement')} />
          </div>
        )}
        <ConditionFields question={question} index={index} questions={questions} idOf={idOf} errorOf={errorOf} onChange={onChange} />
        {job && isChoiceType(question.type) && <KnockoutFields question={question} idOf={idOf} errorOf={errorOf} onChange={onChange} name={name} />}
      </div>
    </fieldset>
  );
}

interface PartProps {
  question: FormQuestion;
  idOf: (field: string) => string;
  errorOf: (field: string) => string | undefined;
  onChange: (question: FormQuestion) => void;
}

function OptionsFields({
  question,
  idOf,
  errorOf,
  onChange,
  onRename,
  name,
}: PartProps & { onRename: (optionIndex: number, text: string) => void; name: string }) {
  const options = question.options ?? [];
  const setOptions = (next: string[]) => onChange({ ...question, options: next });
  return (
    <fieldset aria-describedby={errorOf('options') ? `${idOf('options')}-error` : undefined}>
      <legend className={labelClasses}>Options of {name}</legend>
      <ol className="space-y-2">
        {options.map((option, optionIndex) => {
          const optionName = option.trim() || `option ${optionIndex + 1}`;
          const id = idOf(`option-${optionIndex}`);
          const error = errorOf(`options.${optionIndex}`);
          return (
            <li key={optionIndex}>
              <div className="flex items-center gap-1">
                <label htmlFor={id} className="sr-only">
                  Option {optionIndex + 1}
                </label>
                <input
                  id={id}
                  className={inputClasses}
                  value={option}
                  maxLength={QUESTION_OPTION_MAX_LENGTH}
                  onChange={(event) => onRename(optionIndex, event.target.value)}
                  {...errorAttributes(id, error)}
                />
                <button
                  type="button"
                  className={`${iconButtonClasses} disabled:text-gray-400`}
                  aria-label={`Move option ${optionName} up`}
                  title="Move up"
                  disabled={optionIndex === 0}
                  onClick={() => setOptions(movedItem(options, optionIndex, -1))}
                >
                  <FiArrowUp aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={`${iconButtonClasses} disabled:text-gray-400`}
                  aria-label={`Move option ${optionName} down`}
                  title="Move down"
                  disabled={optionIndex === options.length - 1}
                  onClick={() => setOptions(movedItem(options, optionIndex, 1))}
                >
                  <FiArrowDown aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={`${iconButtonClasses} text-red-700 hover:bg-red-50`}
                  aria-label={`Remove option ${optionName}`}
                  title="Remove"
                  onClick={() => setOptions(options.filter((_option, at) => at !== optionIndex))}
                >
                  <FiTrash2 aria-hidden="true" />
                </button>
              </div>
              <FieldError controlId={id} error={error} />
            </li>
          );
        })}
      </ol>
      <FieldError controlId={idOf('options')} error={errorOf('options')} />
      <button type="button" className={`${buttonClasses('ghost')} mt-2`} onClick={() => setOptions([...options, `Option ${options.length + 1}`])}>
        <FiPlus aria-hidden="true" /> Add option<span className="sr-only"> to {name}</span>
      </button>
    </fieldset>
  );
}

/** "Show this question: always, or only when an earlier choice question (itself always shown) has an answer." */
function ConditionFields({ question, index, questions, idOf, errorOf, onChange }: PartProps & { index: number; questions: FormQuestion[] }) {
  const candidates = questions.slice(0, index).filter((other) => isChoiceType(other.type) && other.showIf === undefined);
  const target = questions.find((other) => other.id === question.showIf?.question);
  const whenError = errorOf('showIf.question') ?? errorOf('showIf');
  const equalsError = errorOf('showIf.equals');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={idOf('show-if')} className={labelClasses}>
          Show this question
        </label>
        <select
          id={idOf('show-if')}
          className={inputClasses}
          value={question.showIf?.question ?? ''}
          {...errorAttributes(idOf('show-if'), whenError)}
          onChange={(event) => {
            const chosen = questions.find((other) => other.id === event.target.value);
            const { showIf: _old, ...rest } = question;
            const first = chosen ? choiceAnswers(chosen)[0] : undefined;
            onChange(chosen && first !== undefined ? { ...rest, showIf: { question: chosen.id, equals: first } } : rest);
          }}
        >
          <option value="">Always</option>
          {candidates.map((other) => (
            <option key={other.id} value={other.id}>
              Only when “{other.label.trim() || other.id}” is answered…
            </option>
          ))}
          {/* A condition the editor would not offer (a later question, after a move) still shows, with its error. */}
          {target && !candidates.includes(target) && <option value={target.id}>Only when “{target.label.trim() || target.id}” is answered…</option>}
        </select>
        <FieldError controlId={idOf('show-if')} error={whenError} />
      </div>
      {question.showIf && target && (
        <div>
          <label htmlFor={idOf('show-if-equals')} className={labelClasses}>
            With the answer
          </label>
          <select
            id={idOf('show-if-equals')}
            className={inputClasses}
            value={question.showIf.equals}
            {...errorAttributes(idOf('show-if-equals'), equalsError)}
            onChange={(event) => onChange({ ...question, showIf: { question: target.id, equals: event.target.value } })}
          >
            {choiceAnswers(target).map((answer) => (
              <option key={answer} value={answer}>
                {answerLabel(answer)}
              </option>
            ))}
          </select>
          <FieldError controlId={idOf('show-if-equals')} error={equalsError} />
        </div>
      )}
    </div>
  );
}

/** A job's choice question: the answers that knock an application out (it goes to rejected on arrival). */
function KnockoutFields({ question, idOf, errorOf, onChange, name }: PartProps & { name: string }) {
  const chosen = question.knockout?.answers ?? [];
  const error = errorOf('knockout.answers') ?? errorOf('knockout');
  const errorId = idOf('knockout');
  function toggle(answer: string, on: boolean) {
    const answers = choiceAnswers(question).filter((one) => (one === answer ? on : chosen.includes(one)));
    const { knockout: _old, ...rest } = question;
    onChange(answers.length > 0 ? { ...rest, knockout: { answers } } : rest);
  }
  return (
    <fieldset {...errorAttributes(errorId, error)}>
      <legend className={labelClasses}>Knock out applicants who answer {name} with</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choiceAnswers(question).map((answer) => (
          <label key={answer} className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" checked={chosen.includes(answer)} onChange={(event) => toggle(answer, event.target.checked)} />
            {answerLabel(answer)}
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-gray-600">
        A knocked-out application is marked with the question, moved to rejected, and sent the rejection mail after the usual delay.
      </p>
      <FieldError controlId={errorId} error={error} />
    </fieldset>
  );
}
