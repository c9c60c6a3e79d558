// The question editor's changes to a question list, as pure functions (docs/features/form-questions.md): each keeps
// the list's conditions and knockouts pointing at what they pointed at, so an edit never leaves a condition on a
// question or an option that is gone.
import {
  CHOICE_QUESTION_TYPES,
  OPTION_QUESTION_TYPES,
  QUESTION_ID_PATTERN,
  richDoc,
  richParagraph,
  type FormQuestion,
  type QuestionType,
} from '@brightwave/common';

/** The type names a person reads in the editor (the API's names are the keys). */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  email: 'E-mail address',
  url: 'Web address',
  phone: 'Phone number',
  number: 'Number',
  date: 'Date',
  select: 'One choice from a list',
  multiselect: 'Several choices from a list',
  checkbox: 'Yes or no',
  consent: 'Consent (a required tick)',
};

export const isChoiceType = (type: QuestionType) => (CHOICE_QUESTION_TYPES as readonly string[]).includes(type);
export const hasOptionList = (type: QuestionType) => (OPTION_QUESTION_TYPES as readonly string[]).includes(type);

const SUFFIX_LENGTH = 4;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Room for the label's words in an id: the pattern's 40 characters less a hyphen and the suffix. */
const ID_WORDS_MAX = 40 - 1 - SUFFIX_LENGTH;

/** A short random suffix: two questions with the same label still get different ids. */
function newSuffix(random: () => number = Math.random): string {
  return Array.from({ length: SUFFIX_LENGTH }, () => SUFFIX_ALPHABET[Math.floor(random() * SUFFIX_ALPHABET.length)]).join('');
}

/** The suffix a generated id ends with (its last hyphen's part), or a new one for an id that has none. */
function suffixOf(id: string): string {
  const last = id.slice(id.lastIndexOf('-') + 1);
  return last.length === SUFFIX_LENGTH && last !== id ? last : newSuffix();
}

/** An id from the label's words and the suffix ("work-permit-k3x9"): what answers are keyed by, readable in a CSV or a webhook. */
export function questionIdOf(label: string, suffix: string): string {
  let words = '';
  for (const word of label
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z0-9]+/)) {
    if (word === '') continue;
    const next = words ? `${words}-${word}` : word;
    if (next.length > ID_WORDS_MAX) break;
    words = next;
  }
  const id = `${words || 'question'}-${suffix}`;
  return QUESTION_ID_PATTERN.test(id) ? id : `question-${suffix}`;
}

const DEFAULT_STATEMENT = richDoc(richParagraph('I agree that my answers are stored and used as the privacy notice describes.'));

/** A new question of this type: a short text, not required, with no label yet. */
export function newQuestion(type: QuestionType = 'text'): FormQuestion {
  return withType({ id: questionIdOf('', newSuffix()), label: '', type: 'text', required: false }, type);
}

/** The question with another type: only that type's fields kept (options, range, statement, knockout). */
export function withType(question: FormQuestion, type: QuestionType): FormQuestion {
  const { options, min, max, statement, knockout, ...rest } = question;
  const next: FormQuestion = { ...rest, type, required: type === 'consent' ? true : rest.required };
  if (hasOptionList(type)) next.options = options ?? ['Option 1'];
  if (type === 'number') Object.assign(next, min === undefined ? {} : { min }, max === undefined ? {} : { max });
  if (type === 'consent') next.statement = statement ?? DEFAULT_STATEMENT;
  // A knockout stays only while its answers still exist (a select keeps its options; yes/no has its own two).
  if (knockout && isChoiceType(type) && type === question.type) next.knockout = knockout;
  return next;
}

/** The conditions and knockouts that no longer name an existing question or answer, dropped. */
function withoutDanglingReferences(questions: FormQuestion[]): FormQuestion[] {
  return questions.map((question) => {
    let next = question;
    if (question.showIf) {
      const target = questions.find((other) => other.id === question.showIf?.question);
      const answers = target ? (target.type === 'checkbox' ? ['yes', 'no'] : (target.options ?? [])) : [];
      if (!target || !isChoiceType(target.type) || !answers.includes(question.showIf.equals)) {
        const { showIf: _dropped, ...rest } = next;
        next = rest;
      }
    }
    if (next.knockout) {
      const answers = next.type === 'checkbox' ? ['yes', 'no'] : (next.options ?? []);
      const kept = next.knockout.answers.filter((answer) => answers.includes(answer));
      const { knockout: _dropped, ...rest } = next;
      next = kept.length > 0 ? { ...rest, knockout: { answers: kept } } : rest;
    }
    return next;
  });
}

/** The list with one question changed; the others' conditions follow a type change (dropped when they no longer fit). */
export function replaced(questions: FormQuestion[], index: number, question: FormQuestion): FormQuestion[] {
  return withoutDanglingReferences(questions.map((old, at) => (at === index ? question : old)));
}

/**
 * The label changed: a question never saved takes an id from its new label (same suffix), and the conditions naming
 * it follow; a saved question keeps its id, which its past answers are keyed by.
 */
export function relabelled(questions: FormQuestion[], index: number, label: string, savedIds: ReadonlySet<string>): FormQuestion[] {
  const question = questions[index];
  if (!question) return questions;
  const id = savedIds.has(question.id) ? question.id : questionIdOf(label, suffixOf(question.id));
  return questions.map((other, at) => {
    if (at === index) return { ...other, id, label };
    return other.showIf?.question === question.id ? { ...other, showIf: { ...other.showIf, question: id } } : other;
  });
}

/** An option renamed: the conditions and the knockout naming it follow the new text. */
export function optionRenamed(questions: FormQuestion[], index: number, optionIndex: number, text: string): FormQuestion[] {
  const question = questions[index];
  const before = question?.options?.[optionIndex];
  if (!question?.options || before === undefined) return questions;
  return questions.map((other, at) => {
    if (at === index) {
      const options = question.options?.map((option, i) => (i === optionIndex ? text : option));
      const knockout = question.knockout && { answers: question.knockout.answers.map((answer) => (answer === before ? text : answer)) };
      return { ...question, options, ...(knockout ? { knockout } : {}) };
    }
    return other.showIf?.question === question.id && other.showIf.equals === before ? { ...other, showIf: { ...other.showIf, equals: text } } : other;
  });
}

/** A copy of the question right after it, with an id of its own. */
export function duplicated(questions: FormQuestion[], index: number): FormQuestion[] {
  const question = questions[index];
  if (!question) return questions;
  const copy: FormQuestion = structuredClone({ ...question, id: questionIdOf(question.label, newSuffix()) });
  return [...questions.slice(0, index + 1), copy, ...questions.slice(index + 1)];
}

/** The question removed, and the conditions that named it. */
export function removed(questions: FormQuestion[], index: number): FormQuestion[] {
  return withoutDanglingReferences(questions.filter((_question, at) => at !== index));
}

/** An array's item moved one place (the options' Move up/Move down). */
export function movedItem<T>(items: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[index], next[to]] = [next[to] as T, next[index] as T];
  return next;
}
