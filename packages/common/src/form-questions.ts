// Custom questions of the site's forms (docs/features/form-questions.md): the quote and contact forms have one list
// each, every job its own. One description serves the backend (it refuses a list or an answer that does not fit,
// question by question), the admin (its question editor and preview) and the site (it renders the questions).
// A form without questions looks, validates and answers exactly as the SPEC says.

import { isCalendarDate } from './closing-dates';
import { MAX_LENGTH, PHONE_PATTERN } from './limits';
import { canonicalRichDoc, richTextProblem, type RichDocument } from './rich-text';

export const QUESTION_TYPES = ['text', 'textarea', 'email', 'url', 'phone', 'number', 'date', 'select', 'multiselect', 'checkbox', 'consent'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** The types whose answers are chosen, not typed: only these may be a condition's question or have a knockout. */
export const CHOICE_QUESTION_TYPES = ['select', 'multiselect', 'checkbox'] as const satisfies readonly QuestionType[];
export type ChoiceQuestionType = (typeof CHOICE_QUESTION_TYPES)[number];
/** The types that list their options. */
export const OPTION_QUESTION_TYPES = ['select', 'multiselect'] as const satisfies readonly QuestionType[];

/** The forms with a question list of their own (a job's list travels with the job). */
export const QUESTION_FORMS = ['quote', 'contact'] as const;
export type QuestionForm = (typeof QUESTION_FORMS)[number];

/** A yes/no question's two answers, as its condition and knockout name them (its answer itself is a boolean). */
export const YES = 'yes';
export const NO = 'no';

export const FORM_QUESTIONS_MAX = 30;
export const QUESTION_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const QUESTION_LABEL_MAX_LENGTH = 200;
export const QUESTION_HELP_MAX_LENGTH = 500;
/** A consent's statement (rich text, links allowed): the characters of its text. */
export const QUESTION_STATEMENT_MAX_LENGTH = 2000;
export const QUESTION_OPTIONS_MIN = 1;
export const QUESTION_OPTIONS_MAX = 50;
export const QUESTION_OPTION_MAX_LENGTH = 100;
/** The longest typed answer of each type that takes text. */
export const ANSWER_MAX_LENGTH = {
  text: 500,
  textarea: MAX_LENGTH.message,
  email: MAX_LENGTH.email,
  url: MAX_LENGTH.url,
  phone: MAX_LENGTH.phone,
} as const satisfies Partial<Record<QuestionType, number>>;

/** A question as the admin writes it and the site shows it. */
export interface FormQuestion {
  /** Stable across edits: the key of its answer (`answers.<id>`). */
  id: string;
  label: string;
  help?: string;
  type: QuestionType;
  /** A consent is always required; the others when ticked. */
  required: boolean;
  /** `select` and `multiselect`: the choices, in order. */
  options?: string[];
  /** `number`: the smallest and largest answer taken. */
  min?: number;
  max?: number;
  /** `consent`: what the person agrees to (rich text: a link to the privacy notice). */
  statement?: RichDocument;
  /** Shown only when an earlier choice question has this answer (an option, or `yes`/`no`). */
  showIf?: { question: string; equals: string };
  /** A job's choice question: an application giving one of these answers is knocked out. */
  knockout?: { answers: string[] };
}

/**
 * The workspace lists' filter by the answer of a choice question (`question` and `answer` both, or neither): the items
 * whose answer to the question `question` (its id, whatever its label was) is `answer`, one of its options (`yes` or
 * `no` for a yes/no question); a multiselect's answer matches each option chosen.
 */
export interface AnswerFilter {
  question?: string;
  answer?: string;
}

/** A form's question list, as the admin reads and saves it. */
export interface FormQuestions {
  form: QuestionForm;
  questions: FormQuestion[];
}

/** What a submission sends: a value per question id (a string, a number, a boolean or a list of options). */
export type FormAnswers = Record<string, unknown>;
export type AnswerValue = string | number | boolean | string[];

/**
 * An answer as stored with its item: the question's label and type and the answer as they were when it was given,
 * so a later edit of the question changes no past answer.
 */
export interface StoredAnswer {
  id: string;
  label: string;
  type: QuestionType;
  value: AnswerValue;
  /** The answer as a person reads it: "Yes", "Design, Development", "2026-12-01". */
  text: string;
}

/** The answers' messages, each at `answers.<id>`, and the question list's, each at `questions.<index>.<field>`. */
export const QUESTION_MESSAGES = {
  answerMissing: 'Please answer this question',
  consentMissing: 'Please tick this box to go on',
  answerTooLong: (max: number) => `Please keep this answer to at most ${max} characters`,
  answerEmail: 'Please provide a valid email address',
  answerUrl: 'Please provide a web address starting with http:// or https://',
  answerPhone: 'Please use digits only, with an optional leading +',
  answerNumber: 'Please give a number',
  answerRange: (min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined
      ? `Please give a number from ${min} to ${max}`
      : min !== undefined
        ? `Please give a number of at least ${min}`
        : `Please give a number of at most ${max}`,
  answerDate: 'Please give a date (YYYY-MM-DD)',
  answerOption: 'Please choose one of the options',
  answerYesNo: 'Please answer yes or no',
  answerUnknown: 'This form has no such question: please reload the page and try again',
  answersShape: 'Send the answers as { "<question id>": <answer> }',
  questionsShape: `Send the questions as a list of at most ${FORM_QUESTIONS_MAX}`,
  questionShape: 'Send each question as { id, label, type, required }',
  questionId: 'Give the question an id of lower-case letters, digits and hyphens (at most 40), starting with a letter or digit',
  questionIdTaken: 'Another question of this form has this id',
  questionLabel: `Give the question a label of 1 to ${QUESTION_LABEL_MAX_LENGTH} characters`,
  questionHelp: `Keep the help text to at most ${QUESTION_HELP_MAX_LENGTH} characters`,
  questionType: `Choose a type: ${QUESTION_TYPES.join(', ')}`,
  questionRequired: 'Say whether the question must be answered (true or false)',
  consentRequired: 'A consent must be ticked to send the form: it is always required',
  questionStatement: 'Give the consent the statement the person agrees to',
  questionOptions: `Give ${QUESTION_OPTIONS_MIN} to ${QUESTION_OPTIONS_MAX} options`,
  questionOption: `Give each option 1 to ${QUESTION_OPTION_MAX_LENGTH} characters`,
  questionOptionTwice: 'Each option may appear once',
  questionNoOptions: 'Only a select or multiselect question has options',
  questionRange: 'Give the smallest and largest numbers as numbers, the smallest first',
  questionNoRange: 'Only a number question has a smallest and largest number',
  showIfShape: 'Give the condition as { question, equals }',
  showIfOrder: 'A condition names an earlier question of this form',
  showIfChoice: 'A condition names a select, multiselect or yes/no question',
  showIfLevel: 'A condition names a question that is always shown (one level of conditions)',
  showIfAnswer: "A condition's answer is one of that question's options (yes or no for a yes/no question)",
  knockoutShape: 'Give the knockout as { answers: [...] }',
  knockoutJobOnly: "Only a job's questions have knockout answers",
  knockoutChoice: 'Only a select, multiselect or yes/no question has knockout answers',
  knockoutAnswers: "Each knockout answer is one of the question's options (yes or no for a yes/no question), at least one",
} as const;

const isChoice = (type: QuestionType): type is ChoiceQuestionType => (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);
const hasOptions = (type: QuestionType) => (OPTION_QUESTION_TYPES as readonly string[]).includes(type);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/** The answers a choice question's condition or knockout may name: its options, or yes and no. */
export function choiceAnswers(question: Pick<FormQuestion, 'type' | 'options'>): string[] {
  return question.type === 'checkbox' ? [YES, NO] : (question.options ?? []);
}

/**
 * What is wrong with a question list, by path (`questions.2.label`), or nothing: the backend refuses such a list with
 * these messages, and the admin's editor shows them at the field. `job`: a job's list, where knockouts are allowed.
 */
export function questionListProblems(value: unknown, { job }: { job: boolean }): Record<string, string> {
  if (!Array.isArray(value) || value.length > FORM_QUESTIONS_MAX) return { questions: QUESTION_MESSAGES.questionsShape };
  const problems: Record<string, string> = {};
  const seen = new Map<string, FormQuestion>();
  value.forEach((raw: unknown, index) => {
    const at = (field: string) => `questions.${index}.${field}`;
    if (!isRecord(raw)) {
      problems[`questions.${index}`] = QUESTION_MESSAGES.questionShape;
      return;
    }
    const known = new Set(['id', 'label', 'help', 'type', 'required', 'options', 'min', 'max', 'statement', 'showIf', 'knockout']);
    const unknown = Object.keys(raw).find((key) => !known.has(key));
    if (unknown !== undefined) problems[at(unknown)] = QUESTION_MESSAGES.questionShape;
    if (typeof raw.id !== 'string' || !QUESTION_ID_PATTERN.test(raw.id)) problems[at('id')] = QUESTION_MESSAGES.questionId;
    else if (seen.has(raw.id)) problems[at('id')] = QUESTION_MESSAGES.questionIdTaken;
    if (!isText(raw.label, QUESTION_LABEL_MAX_LENGTH)) problems[at('label')] = QUESTION_MESSAGES.questionLabel;
    if (raw.help !== undefined && (typeof raw.help !== 'string' || raw.help.length > QUESTION_HELP_MAX_LENGTH))
      problems[at('help')] = QUESTION_MESSAGES.questionHelp;
    if (typeof raw.type !== 'string' || !(QUESTION_TYPES as readonly string[]).includes(raw.type)) {
      problems[at('type')] = QUESTION_MESSAGES.questionType;
      return;
    }
    const type = raw.type as QuestionType;
    if (typeof raw.required !== 'boolean') problems[at('required')] = QUESTION_MESSAGES.questionRequired;
    else if (type === 'consent' && !raw.required) problems[at('required')] = QUESTION_MESSAGES.consentRequired;

    if (hasOptions(type)) {
      const options = raw.options;
      if (!Array.isArray(options) || options.length < QUESTION_OPTIONS_MIN || options.length > QUESTION_OPTIONS_MAX)
        problems[at('options')] = QUESTION_MESSAGES.questionOptions;
      else {
        const optionAt = options.findIndex((option) => !isText(option, QUESTION_OPTION_MAX_LENGTH) || option !== option.trim());
        if (optionAt >= 0) problems[at(`options.${optionAt}`)] = QUESTION_MESSAGES.questionOption;
        else if (new Set(options).size !== options.length) problems[at('options')] = QUESTION_MESSAGES.questionOptionTwice;
      }
    } else if (raw.options !== undefined) problems[at('options')] = QUESTION_MESSAGES.questionNoOptions;

    if (type === 'number') {
      const bound = (field: 'min' | 'max') => raw[field] === undefined || (typeof raw[field] === 'number' && Number.isFinite(raw[field]));
      // At the field that is wrong: a bound that is no number, else the largest when it is below the smallest.
      if (!bound('min')) problems[at('min')] = QUESTION_MESSAGES.questionRange;
      else if (!bound('max') || (typeof raw.min === 'number' && typeof raw.max === 'number' && raw.min > raw.max))
        problems[at('max')] = QUESTION_MESSAGES.questionRange;
    } else if (raw.min !== undefined || raw.max !== undefined) problems[at(raw.min !== undefined ? 'min' : 'max')] = QUESTION_MESSAGES.questionNoRange;

    if (type === 'consent') {
      if (raw.statement === undefined || richTextProblem(raw.statement, QUESTION_STATEMENT_MAX_LENGTH) !== null)
        problems[at('statement')] = QUESTION_MESSAGES.questionStatement;
    } else if (raw.statement !== undefined) problems[at('statement')] = QUESTION_MESSAGES.questionStatement;

    if (raw.showIf !== undefined) {
      const showIf = raw.showIf;
      if (!isRecord(showIf) || typeof showIf.question !== 'string' || typeof showIf.equals !== 'string' || Object.keys(showIf).length !== 2) {
        problems[at('showIf')] = QUESTION_MESSAGES.showIfShape;
      } else {
        const target = seen.get(showIf.question);
        if (target === undefined) problems[at('showIf.question')] = QUESTION_MESSAGES.showIfOrder;
        else if (!isChoice(target.type)) problems[at('showIf.question')] = QUESTION_MESSAGES.showIfChoice;
        else if (target.showIf !== undefined) problems[at('showIf.question')] = QUESTION_MESSAGES.showIfLevel;
        else if (!choiceAnswers(target).includes(showIf.equals)) problems[at('showIf.equals')] = QUESTION_MESSAGES.showIfAnswer;
      }
    }

    if (raw.knockout !== undefined) {
      const knockout = raw.knockout;
      if (!job) problems[at('knockout')] = QUESTION_MESSAGES.knockoutJobOnly;
      else if (!isChoice(type)) problems[at('knockout')] = QUESTION_MESSAGES.knockoutChoice;
      else if (!isRecord(knockout) || !Array.isArray(knockout.answers) || Object.keys(knockout).length !== 1)
        problems[at('knockout')] = QUESTION_MESSAGES.knockoutShape;
      else {
        const allowed = choiceAnswers({ type, options: Array.isArray(raw.options) ? (raw.options as string[]) : [] });
        const answers = knockout.answers as unknown[];
        if (
          answers.length === 0 ||
          new Set(answers).size !== answers.length ||
          !answers.every((answer) => typeof answer === 'string' && allowed.includes(answer))
        ) {
          problems[at('knockout.answers')] = QUESTION_MESSAGES.knockoutAnswers;
        }
      }
    }
    if (typeof raw.id === 'string' && !seen.has(raw.id)) seen.set(raw.id, raw as unknown as FormQuestion);
  });
  return problems;
}

/**
 * The list as stored: only the fields of each question's type, the texts trimmed, the statement in its canonical
 * form. Call it on a list `questionListProblems` found nothing wrong with.
 */
export function normalizedQuestions(questions: FormQuestion[]): FormQuestion[] {
  return questions.map((question) => ({
    id: question.id,
    label: question.label.trim(),
    ...(question.help?.trim() ? { help: question.help.trim() } : {}),
    type: question.type,
    required: question.required,
    ...(hasOptions(question.type) ? { options: question.options } : {}),
    ...(question.type === 'number' && question.min !== undefined ? { min: question.min } : {}),
    ...(question.type === 'number' && question.max !== undefined ? { max: question.max } : {}),
    ...(question.type === 'consent' && question.statement ? { statement: canonicalRichDoc(question.statement) } : {}),
    ...(question.showIf ? { showIf: { question: question.showIf.question, equals: question.showIf.equals } } : {}),
    ...(question.knockout ? { knockout: { answers: [...question.knockout.answers] } } : {}),
  }));
}

/** Whether a choice answer "equals" an option (a multiselect: holds it; a yes/no question: yes for true). */
function answerIncludes(value: unknown, equals: string): boolean {
  if (typeof value === 'boolean') return (value ? YES : NO) === equals;
  if (Array.isArray(value)) return value.includes(equals);
  return value === equals;
}

/** Whether the question shows, given the answers so far: always, or when its condition's question has that answer. */
export function isQuestionShown(question: FormQuestion, answers: FormAnswers): boolean {
  return question.showIf === undefined || answerIncludes(answers[question.showIf.question], question.showIf.equals);
}

/** An answer as a person reads it. */
export function answerText(value: AnswerValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The checks of addresses that need more than a pattern (the backend's are stricter than a browser's). */
export interface AnswerAddressChecks {
  isEmail: (value: string) => boolean;
  isWebLink: (value: string) => boolean;
}

/** Whether an answer was left out: nothing, an empty text, no option chosen. */
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The answer to one shown question as stored, or the message of what is wrong with it. */
function checkedAnswer(question: FormQuestion, raw: unknown, checks: AnswerAddressChecks): { value: AnswerValue } | { problem: string } | null {
  if (question.type === 'consent') return raw === true ? { value: true } : { problem: QUESTION_MESSAGES.consentMissing };
  if (isBlank(raw)) return question.required ? { problem: QUESTION_MESSAGES.answerMissing } : null;
  switch (question.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'phone': {
      if (typeof raw !== 'string') return { problem: QUESTION_MESSAGES.answerMissing };
      const text = question.type === 'email' ? raw.trim().toLowerCase() : raw.trim();
      const max = ANSWER_MAX_LENGTH[question.type];
      if (text.length > max) return { problem: QUESTION_MESSAGES.answerTooLong(max) };
      if (question.type === 'email' && !checks.isEmail(text)) return { problem: QUESTION_MESSAGES.answerEmail };
      if (question.type === 'url' && !checks.isWebLink(text)) return { problem: QUESTION_MESSAGES.answerUrl };
      if (question.type === 'phone' && !PHONE_PATTERN.test(text)) return { problem: QUESTION_MESSAGES.answerPhone };
      return { value: text };
    }
    case 'number': {
      const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof number !== 'number' || !Number.isFinite(number)) return { problem: QUESTION_MESSAGES.answerNumber };
      if ((question.min !== undefined && number < question.min) || (question.max !== undefined && number > question.max)) {
        return { problem: QUESTION_MESSAGES.answerRange(question.min, question.max) };
      }
      return { value: number };
    }
    case 'date':
      return typeof raw === 'string' && isCalendarDate(raw.trim()) ? { value: raw.trim() } : { problem: QUESTION_MESSAGES.answerDate };
    case 'select':
      return typeof raw === 'string' && question.options?.includes(raw) ? { value: raw } : { problem: QUESTION_MESSAGES.answerOption };
    case 'multiselect': {
      const options = question.options ?? [];
      if (!Array.isArray(raw) || !raw.every((item) => typeof item === 'string' && options.includes(item))) return { problem: QUESTION_MESSAGES.answerOption };
      // In the options' order, each once.
      return { value: options.filter((option) => raw.includes(option)) };
    }
    case 'checkbox':
      return typeof raw === 'boolean' ? { value: raw } : { problem: QUESTION_MESSAGES.answerYesNo };
  }
}

/**
 * A submission's answers checked against its form's questions: the answers to the questions shown (a condition met),
 * in the questions' order, as stored; an answer to a hidden question is dropped. `errors` holds a message per
 * question at `answers.<id>` (also for an id the form does not have); with any, nothing may be stored.
 */
export function checkAnswers(
  questions: FormQuestion[],
  raw: unknown,
  checks: AnswerAddressChecks,
): { answers: StoredAnswer[]; errors: Record<string, string> } {
  if (raw !== undefined && raw !== null && !isRecord(raw)) return { answers: [], errors: { answers: QUESTION_MESSAGES.answersShape } };
  const given: FormAnswers = raw ?? {};
  const errors: Record<string, string> = {};
  for (const id of Object.keys(given)) {
    if (!questions.some((question) => question.id === id)) errors[`answers.${id}`] = QUESTION_MESSAGES.answerUnknown;
  }
  const answers: StoredAnswer[] = [];
  const accepted: FormAnswers = {};
  for (const question of questions) {
    // Conditions read the accepted answers, so a question shown by a refused answer is not asked for.
    if (!isQuestionShown(question, accepted)) continue;
    const result = checkedAnswer(question, given[question.id], checks);
    if (result === null) continue;
    if ('problem' in result) {
      errors[`answers.${question.id}`] = result.problem;
      continue;
    }
    accepted[question.id] = result.value;
    answers.push({ id: question.id, label: question.label, type: question.type, value: result.value, text: answerText(result.value) });
  }
  return { answers, errors };
}

/** The first answer that knocks an application out under its job's questions, if any. */
export function knockoutAnswer(questions: FormQuestion[], answers: StoredAnswer[]): StoredAnswer | null {
  for (const question of questions) {
    if (question.knockout === undefined) continue;
    const answer = answers.find((item) => item.id === question.id);
    if (answer !== undefined && question.knockout.answers.some((knocked) => answerIncludes(answer.value, knocked))) return answer;
  }
  return null;
}
