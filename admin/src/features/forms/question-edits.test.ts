// The question editor's edits of a list: ids, and conditions and knockouts that follow what they name.
import { QUESTION_ID_PATTERN, questionListProblems, type FormQuestion } from '@brightwave/common';
import { duplicated, newQuestion, optionRenamed, questionIdOf, relabelled, removed, replaced, withType } from './question-edits';

const budget: FormQuestion = {
  id: 'budget-ab12',
  label: 'Budget',
  type: 'select',
  required: true,
  options: ['Small', 'Large'],
  knockout: { answers: ['Small'] },
};
const timeline: FormQuestion = { id: 'timeline-cd34', label: 'Timeline', type: 'text', required: false, showIf: { question: 'budget-ab12', equals: 'Large' } };

describe('questionIdOf', () => {
  it("makes an id of the label's words and the suffix, within the id pattern", () => {
    expect(questionIdOf('Do you hold a work permit?', 'k3x9')).toBe('do-you-hold-a-work-permit-k3x9');
    expect(questionIdOf('  Café — größe ', 'a1b2')).toBe('cafe-gro-e-a1b2');
    expect(questionIdOf('', 'a1b2')).toBe('question-a1b2');
    const long = questionIdOf('What is the expected start date of the project you have in mind', 'zz99');
    expect(long).toMatch(QUESTION_ID_PATTERN);
    expect(long.endsWith('-zz99')).toBe(true);
  });

  it('gives a new question an id the server takes', () => {
    expect(newQuestion('consent')).toMatchObject({ type: 'consent', required: true, statement: expect.objectContaining({ type: 'doc' }) });
    expect(questionListProblems([{ ...newQuestion('select'), label: 'Size' }], { job: false })).toEqual({});
  });
});

describe('relabelled', () => {
  it("moves a new question's id with its label, and the conditions naming it follow", () => {
    const fresh: FormQuestion = { id: 'question-q1w2', label: '', type: 'checkbox', required: false };
    const asking: FormQuestion = { ...timeline, showIf: { question: 'question-q1w2', equals: 'yes' } };
    const [first, second] = relabelled([fresh, asking], 0, 'Existing customer', new Set());
    expect(first?.id).toBe('existing-customer-q1w2');
    expect(second?.showIf).toEqual({ question: 'existing-customer-q1w2', equals: 'yes' });
  });

  it('keeps the id of a saved question', () => {
    expect(relabelled([budget], 0, 'Your budget', new Set([budget.id]))[0]).toEqual({ ...budget, label: 'Your budget' });
  });
});

describe('conditions and knockouts follow the edits', () => {
  it('renames an option in the knockout and in the conditions naming it', () => {
    const [first, second] = optionRenamed([budget, timeline], 0, 1, 'Big');
    expect(first?.options).toEqual(['Small', 'Big']);
    expect(second?.showIf).toEqual({ question: 'budget-ab12', equals: 'Big' });
    expect(optionRenamed([budget], 0, 0, 'Tiny')[0]?.knockout).toEqual({ answers: ['Tiny'] });
  });

  it('drops the conditions on a removed question, or on an option that is gone', () => {
    expect(removed([budget, timeline], 0)).toEqual([{ id: 'timeline-cd34', label: 'Timeline', type: 'text', required: false }]);
    const [, asking] = replaced([budget, timeline], 0, { ...budget, options: ['Small'] });
    expect(asking?.showIf).toBeUndefined();
  });

  it("keeps only the new type's fields", () => {
    expect(withType(budget, 'number')).toEqual({ id: 'budget-ab12', label: 'Budget', type: 'number', required: true });
    expect(withType({ ...timeline, type: 'number', min: 1 }, 'text')).toEqual(timeline);
  });

  it('duplicates a question with an id of its own', () => {
    const list = duplicated([budget, timeline], 0);
    expect(list.map((question) => question.label)).toEqual(['Budget', 'Budget', 'Timeline']);
    expect(list[1]?.id).toMatch(/^budget-[a-z0-9]{4}$/);
    expect(list[1]?.id).not.toBe(budget.id);
  });
});
