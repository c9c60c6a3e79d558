import {
  CHOICE_QUESTION_TYPES,
  FORM_QUESTIONS_MAX,
  QUESTION_TYPES,
  QUESTION_MESSAGES,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTION_MAX_LENGTH,
  checkAnswers,
  choiceAnswers,
  isQuestionShown,
  knockoutAnswer,
  normalizedQuestions,
  questionListProblems,
  type FormAnswers,
  type FormQuestion,
} from '@brightwave/common';
import fc from 'fast-check';

// The rules of packages/common/src/form-questions.ts (docs/features/form-questions.md), which the backend applies to
// every saved list and every submission, and the admin's editor shows at the field.

const STATEMENT = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'I agree to the privacy notice.' }] }] };
const budget: FormQuestion = { id: 'budget', label: 'Budget', type: 'select', required: true, options: ['Under 10k', '10k-50k', 'Over 50k'] };
const permit: FormQuestion = { id: 'permit', label: 'Do you have a work permit?', type: 'checkbox', required: true };
const CHECKS = { isEmail: (value: string) => /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(value), isWebLink: (value: string) => /^https?:\/\/\S+$/.test(value) };

const problemsOf = (questions: unknown[], job = false) => questionListProblems(questions, { job });

describe('questionListProblems', () => {
  it('takes an empty list and a list of every type', () => {
    expect(problemsOf([])).toEqual({});
    expect(
      problemsOf([
        { id: 'name-of-company', label: 'Company', type: 'text', required: false, help: 'As registered' },
        { id: 'notes', label: 'Notes', type: 'textarea', required: false },
        { id: 'billing', label: 'Billing e-mail', type: 'email', required: false },
        { id: 'site', label: 'Website', type: 'url', required: false },
        { id: 'phone', label: 'Phone', type: 'phone', required: false },
        { id: 'size', label: 'Team size', type: 'number', required: false, min: 1, max: 500 },
        { id: 'start', label: 'Start date', type: 'date', required: false },
        budget,
        { id: 'services', label: 'Services', type: 'multiselect', required: false, options: ['Web', 'Cloud'] },
        { id: 'newsletter', label: 'Newsletter?', type: 'checkbox', required: false },
        { id: 'privacy', label: 'Privacy', type: 'consent', required: true, statement: STATEMENT },
      ]),
    ).toEqual({});
  });

  it('refuses what is no list, or more than the maximum of questions', () => {
    expect(questionListProblems({}, { job: false })).toEqual({ questions: QUESTION_MESSAGES.questionsShape });
    expect(questionListProblems(null, { job: false })).toEqual({ questions: QUESTION_MESSAGES.questionsShape });
    const many = Array.from({ length: FORM_QUESTIONS_MAX + 1 }, (_, index) => ({ id: `q${index}`, label: `Q${index}`, type: 'text', required: false }));
    expect(problemsOf(many)).toEqual({ questions: QUESTION_MESSAGES.questionsShape });
    expect(problemsOf(many.slice(0, FORM_QUESTIONS_MAX))).toEqual({});
  });

  it('names each field at its path: a question that is no object, an unknown key, the id, label, help, type and required', () => {
    expect(problemsOf(['text'])).toEqual({ 'questions.0': QUESTION_MESSAGES.questionShape });
    expect(problemsOf([{ ...budget, colour: 'red' }])).toEqual({ 'questions.0.colour': QUESTION_MESSAGES.questionShape });
    expect(problemsOf([{ ...budget, id: 'Budget!' }])).toEqual({ 'questions.0.id': QUESTION_MESSAGES.questionId });
    expect(problemsOf([{ ...budget, id: 'b'.repeat(41) }])).toEqual({ 'questions.0.id': QUESTION_MESSAGES.questionId });
    expect(problemsOf([budget, { ...permit, id: 'budget' }])).toEqual({ 'questions.1.id': QUESTION_MESSAGES.questionIdTaken });
    expect(problemsOf([{ ...budget, label: '  ' }])).toEqual({ 'questions.0.label': QUESTION_MESSAGES.questionLabel });
    expect(problemsOf([{ ...budget, label: 'l'.repeat(201) }])).toEqual({ 'questions.0.label': QUESTION_MESSAGES.questionLabel });
    expect(problemsOf([{ ...budget, help: 'h'.repeat(501) }])).toEqual({ 'questions.0.help': QUESTION_MESSAGES.questionHelp });
    expect(problemsOf([{ ...budget, type: 'radio' }])).toEqual({ 'questions.0.type': QUESTION_MESSAGES.questionType });
    expect(problemsOf([{ ...budget, required: 'yes' }])).toEqual({ 'questions.0.required': QUESTION_MESSAGES.questionRequired });
  });

  it(`keeps the options of a choice question within 1 to ${QUESTION_OPTIONS_MAX}, each 1 to ${QUESTION_OPTION_MAX_LENGTH} characters, each once`, () => {
    expect(problemsOf([{ ...budget, options: [] }])).toEqual({ 'questions.0.options': QUESTION_MESSAGES.questionOptions });
    expect(problemsOf([{ ...budget, options: undefined }])).toEqual({ 'questions.0.options': QUESTION_MESSAGES.questionOptions });
    const most = Array.from({ length: QUESTION_OPTIONS_MAX }, (_, index) => `Option ${index}`);
    expect(problemsOf([{ ...budget, options: most }])).toEqual({});
    expect(problemsOf([{ ...budget, options: [...most, 'One more'] }])).toEqual({ 'questions.0.options': QUESTION_MESSAGES.questionOptions });
    expect(problemsOf([{ ...budget, options: ['A', 'o'.repeat(QUESTION_OPTION_MAX_LENGTH + 1)] }])).toEqual({
      'questions.0.options.1': QUESTION_MESSAGES.questionOption,
    });
    expect(problemsOf([{ ...budget, options: ['A', ' B'] }])).toEqual({ 'questions.0.options.1': QUESTION_MESSAGES.questionOption });
    expect(problemsOf([{ ...budget, options: ['A', 7] }])).toEqual({ 'questions.0.options.1': QUESTION_MESSAGES.questionOption });
    expect(problemsOf([{ ...budget, options: ['A', 'A'] }])).toEqual({ 'questions.0.options': QUESTION_MESSAGES.questionOptionTwice });
    expect(problemsOf([{ ...permit, options: ['Yes'] }])).toEqual({ 'questions.0.options': QUESTION_MESSAGES.questionNoOptions });
  });

  it("gives a number question's smallest and largest number at the field that is wrong; no other type has them", () => {
    const size = { id: 'size', label: 'Team size', type: 'number', required: false };
    expect(problemsOf([{ ...size, min: 0 }])).toEqual({});
    expect(problemsOf([{ ...size, min: 'one' }])).toEqual({ 'questions.0.min': QUESTION_MESSAGES.questionRange });
    expect(problemsOf([{ ...size, max: null }])).toEqual({ 'questions.0.max': QUESTION_MESSAGES.questionRange });
    expect(problemsOf([{ ...size, min: 10, max: 5 }])).toEqual({ 'questions.0.max': QUESTION_MESSAGES.questionRange });
    expect(problemsOf([{ ...budget, max: 5 }])).toEqual({ 'questions.0.max': QUESTION_MESSAGES.questionNoRange });
    expect(problemsOf([{ ...budget, min: 5 }])).toEqual({ 'questions.0.min': QUESTION_MESSAGES.questionNoRange });
  });

  it('wants a consent required, with a statement; no other type has a statement', () => {
    const consent = { id: 'privacy', label: 'Privacy', type: 'consent', required: true, statement: STATEMENT };
    expect(problemsOf([{ ...consent, required: false }])).toEqual({ 'questions.0.required': QUESTION_MESSAGES.consentRequired });
    expect(problemsOf([{ ...consent, statement: undefined }])).toEqual({ 'questions.0.statement': QUESTION_MESSAGES.questionStatement });
    expect(problemsOf([{ ...consent, statement: { type: 'doc', content: [{ type: 'paragraph' }] } }])).toEqual({
      'questions.0.statement': QUESTION_MESSAGES.questionStatement,
    });
    expect(problemsOf([{ ...consent, statement: '<p>I agree</p>' }])).toEqual({ 'questions.0.statement': QUESTION_MESSAGES.questionStatement });
    expect(problemsOf([{ ...budget, statement: STATEMENT }])).toEqual({ 'questions.0.statement': QUESTION_MESSAGES.questionStatement });
  });

  it('takes a condition on an earlier choice question, with one of its answers', () => {
    expect(
      problemsOf([budget, { id: 'deadline', label: 'Deadline', type: 'date', required: true, showIf: { question: 'budget', equals: 'Over 50k' } }]),
    ).toEqual({});
    expect(problemsOf([permit, { id: 'visa', label: 'Which visa?', type: 'text', required: false, showIf: { question: 'permit', equals: 'yes' } }])).toEqual(
      {},
    );
  });

  it('refuses a condition on a later question, on itself, on a question that is not a choice, or on a conditional one', () => {
    const when = (question: string, equals = 'yes') => ({ id: 'when', label: 'When', type: 'text', required: false, showIf: { question, equals } });
    expect(problemsOf([when('permit'), permit])).toEqual({ 'questions.0.showIf.question': QUESTION_MESSAGES.showIfOrder });
    expect(problemsOf([when('when')])).toEqual({ 'questions.0.showIf.question': QUESTION_MESSAGES.showIfOrder });
    expect(problemsOf([{ id: 'notes', label: 'Notes', type: 'text', required: false }, when('notes')])).toEqual({
      'questions.1.showIf.question': QUESTION_MESSAGES.showIfChoice,
    });
    const shownIfPermit = { id: 'partner', label: 'Partner visa?', type: 'checkbox', required: false, showIf: { question: 'permit', equals: 'no' } };
    expect(problemsOf([permit, shownIfPermit, when('partner')])).toEqual({ 'questions.2.showIf.question': QUESTION_MESSAGES.showIfLevel });
  });

  it("refuses a condition whose answer is none of the question's, or that is not { question, equals }", () => {
    const deadline = { id: 'deadline', label: 'Deadline', type: 'date', required: false };
    expect(problemsOf([budget, { ...deadline, showIf: { question: 'budget', equals: 'Huge' } }])).toEqual({
      'questions.1.showIf.equals': QUESTION_MESSAGES.showIfAnswer,
    });
    expect(problemsOf([permit, { ...deadline, showIf: { question: 'permit', equals: 'true' } }])).toEqual({
      'questions.1.showIf.equals': QUESTION_MESSAGES.showIfAnswer,
    });
    for (const showIf of ['budget', { question: 'budget' }, { question: 'budget', equals: 'Under 10k', also: 1 }, { question: 'budget', equals: 3 }]) {
      expect(problemsOf([budget, { ...deadline, showIf }])).toEqual({ 'questions.1.showIf': QUESTION_MESSAGES.showIfShape });
    }
  });

  it('takes knockout answers on a choice question of a job only', () => {
    expect(problemsOf([{ ...permit, knockout: { answers: ['no'] } }], true)).toEqual({});
    expect(problemsOf([{ ...budget, knockout: { answers: ['Under 10k'] } }], true)).toEqual({});
    expect(problemsOf([{ ...permit, knockout: { answers: ['no'] } }], false)).toEqual({ 'questions.0.knockout': QUESTION_MESSAGES.knockoutJobOnly });
    expect(problemsOf([{ id: 'notes', label: 'Notes', type: 'text', required: false, knockout: { answers: ['no'] } }], true)).toEqual({
      'questions.0.knockout': QUESTION_MESSAGES.knockoutChoice,
    });
  });

  it("refuses knockout answers that are none of the question's, none, twice, or not { answers }", () => {
    expect(problemsOf([{ ...permit, knockout: { answers: ['false'] } }], true)).toEqual({ 'questions.0.knockout.answers': QUESTION_MESSAGES.knockoutAnswers });
    expect(problemsOf([{ ...budget, knockout: { answers: [] } }], true)).toEqual({ 'questions.0.knockout.answers': QUESTION_MESSAGES.knockoutAnswers });
    expect(problemsOf([{ ...permit, knockout: { answers: ['no', 'no'] } }], true)).toEqual({
      'questions.0.knockout.answers': QUESTION_MESSAGES.knockoutAnswers,
    });
    for (const knockout of [['no'], { answer: ['no'] }, { answers: 'no' }, { answers: ['no'], why: 'x' }]) {
      expect(problemsOf([{ ...permit, knockout }], true)).toEqual({ 'questions.0.knockout': QUESTION_MESSAGES.knockoutShape });
    }
  });
});

describe('normalizedQuestions', () => {
  it("keeps only each type's fields, trims the texts and drops an empty help", () => {
    expect(
      normalizedQuestions([
        { ...budget, label: '  Budget ', help: '  ' },
        { ...permit, knockout: { answers: ['no'] } },
      ]),
    ).toEqual([
      { id: 'budget', label: 'Budget', type: 'select', required: true, options: budget.options },
      { ...permit, knockout: { answers: ['no'] } },
    ]);
  });
});

describe('checkAnswers', () => {
  const questions: FormQuestion[] = [
    budget,
    { id: 'deadline', label: 'Deadline', type: 'date', required: true, showIf: { question: 'budget', equals: 'Over 50k' } },
    { id: 'size', label: 'Team size', type: 'number', required: false, min: 1, max: 500 },
    { id: 'services', label: 'Services', type: 'multiselect', required: false, options: ['Web', 'Cloud', 'Design'] },
    { id: 'billing', label: 'Billing e-mail', type: 'email', required: false },
    { id: 'site', label: 'Website', type: 'url', required: false },
    { id: 'phone', label: 'Phone', type: 'phone', required: false },
    permit,
    { id: 'privacy', label: 'Privacy', type: 'consent', required: true, statement: STATEMENT as FormQuestion['statement'] },
  ];
  const valid = { budget: 'Under 10k', permit: true, privacy: true };
  const errorsOf = (answers: Record<string, unknown>) => checkAnswers(questions, { ...valid, ...answers }, CHECKS).errors;

  it('stores the answers of the questions shown, in their order, with their label and text', () => {
    const { answers, errors } = checkAnswers(questions, { privacy: true, permit: false, size: '12', budget: 'Over 50k', deadline: '2027-01-31' }, CHECKS);
    expect(errors).toEqual({});
    expect(answers).toEqual([
      { id: 'budget', label: 'Budget', type: 'select', value: 'Over 50k', text: 'Over 50k' },
      { id: 'deadline', label: 'Deadline', type: 'date', value: '2027-01-31', text: '2027-01-31' },
      { id: 'size', label: 'Team size', type: 'number', value: 12, text: '12' },
      { id: 'permit', label: 'Do you have a work permit?', type: 'checkbox', value: false, text: 'No' },
      { id: 'privacy', label: 'Privacy', type: 'consent', value: true, text: 'Yes' },
    ]);
  });

  it('takes no answers to a form without questions, and refuses any', () => {
    expect(checkAnswers([], undefined, CHECKS)).toEqual({ answers: [], errors: {} });
    expect(checkAnswers([], {}, CHECKS)).toEqual({ answers: [], errors: {} });
    expect(checkAnswers([], { budget: 'x' }, CHECKS).errors).toEqual({ 'answers.budget': QUESTION_MESSAGES.answerUnknown });
  });

  it('wants the required questions shown answered, and the consent ticked', () => {
    expect(checkAnswers(questions, {}, CHECKS).errors).toEqual({
      'answers.budget': QUESTION_MESSAGES.answerMissing,
      'answers.permit': QUESTION_MESSAGES.answerMissing,
      'answers.privacy': QUESTION_MESSAGES.consentMissing,
    });
    expect(errorsOf({ budget: 'Over 50k' })).toEqual({ 'answers.deadline': QUESTION_MESSAGES.answerMissing });
    expect(errorsOf({ privacy: false })).toEqual({ 'answers.privacy': QUESTION_MESSAGES.consentMissing });
    expect(errorsOf({ budget: '  ' })).toEqual({ 'answers.budget': QUESTION_MESSAGES.answerMissing });
  });

  it('drops the answer to a hidden question, whatever it is', () => {
    const { answers, errors } = checkAnswers(questions, { ...valid, deadline: 'not a date' }, CHECKS);
    expect(errors).toEqual({});
    expect(answers.map((answer) => answer.id)).toEqual(['budget', 'permit', 'privacy']);
  });

  it('asks no question a refused answer would have shown', () => {
    expect(errorsOf({ budget: 'Huge' })).toEqual({ 'answers.budget': QUESTION_MESSAGES.answerOption });
  });

  it('refuses an answer of the wrong type, out of range or not among the options, each at its question', () => {
    expect(errorsOf({ size: 0 })).toEqual({ 'answers.size': QUESTION_MESSAGES.answerRange(1, 500) });
    expect(errorsOf({ size: 501 })).toEqual({ 'answers.size': QUESTION_MESSAGES.answerRange(1, 500) });
    expect(errorsOf({ size: 'many' })).toEqual({ 'answers.size': QUESTION_MESSAGES.answerNumber });
    expect(errorsOf({ size: true })).toEqual({ 'answers.size': QUESTION_MESSAGES.answerNumber });
    expect(errorsOf({ budget: ['Under 10k'] })).toEqual({ 'answers.budget': QUESTION_MESSAGES.answerOption });
    expect(errorsOf({ services: ['Web', 'Print'] })).toEqual({ 'answers.services': QUESTION_MESSAGES.answerOption });
    expect(errorsOf({ services: 'Web' })).toEqual({ 'answers.services': QUESTION_MESSAGES.answerOption });
    expect(errorsOf({ permit: 'yes' })).toEqual({ 'answers.permit': QUESTION_MESSAGES.answerYesNo });
    expect(errorsOf({ billing: 'not-an-address' })).toEqual({ 'answers.billing': QUESTION_MESSAGES.answerEmail });
    expect(errorsOf({ site: 'javascript:alert(1)' })).toEqual({ 'answers.site': QUESTION_MESSAGES.answerUrl });
    expect(errorsOf({ phone: 'call me' })).toEqual({ 'answers.phone': QUESTION_MESSAGES.answerPhone });
    expect(errorsOf({ phone: 5550100 })).toEqual({ 'answers.phone': QUESTION_MESSAGES.answerMissing });
    expect(errorsOf({ budget: 'Over 50k', deadline: '2027-02-30' })).toEqual({ 'answers.deadline': QUESTION_MESSAGES.answerDate });
  });

  it('keeps a text answer to its length, trimmed (an e-mail in lower case)', () => {
    const text: FormQuestion = { id: 'company', label: 'Company', type: 'text', required: false };
    expect(checkAnswers([text], { company: 'c'.repeat(501) }, CHECKS).errors).toEqual({ 'answers.company': QUESTION_MESSAGES.answerTooLong(500) });
    expect(checkAnswers([text], { company: '  Atlas  ' }, CHECKS).answers[0]?.value).toBe('Atlas');
    expect(checkAnswers(questions, { ...valid, billing: ' Pay@Atlas.Example ' }, CHECKS).answers.find((answer) => answer.id === 'billing')?.value).toBe(
      'pay@atlas.example',
    );
  });

  it('refuses an unknown question id, and answers that are no map of answers', () => {
    expect(errorsOf({ colour: 'red' })).toEqual({ 'answers.colour': QUESTION_MESSAGES.answerUnknown });
    expect(checkAnswers(questions, ['Under 10k'], CHECKS).errors).toEqual({ answers: QUESTION_MESSAGES.answersShape });
    expect(checkAnswers(questions, 'Under 10k', CHECKS).errors).toEqual({ answers: QUESTION_MESSAGES.answersShape });
  });

  it("stores a multiselect's answers in the options' order, each once", () => {
    const { answers } = checkAnswers(questions, { ...valid, services: ['Design', 'Web', 'Design'] }, CHECKS);
    expect(answers.find((answer) => answer.id === 'services')).toMatchObject({ value: ['Web', 'Design'], text: 'Web, Design' });
  });
});

describe('knockoutAnswer', () => {
  const questions: FormQuestion[] = [
    { ...budget, id: 'notice', label: 'Notice period', options: ['None', 'One month', 'Three months'], knockout: { answers: ['Three months'] } },
    { ...permit, knockout: { answers: ['no'] } },
    { id: 'stack', label: 'Stack', type: 'multiselect', required: false, options: ['TypeScript', 'COBOL'], knockout: { answers: ['COBOL'] } },
  ];
  const answersTo = (given: Record<string, unknown>) => checkAnswers(questions, given, CHECKS).answers;

  it('is none when no answer is a knockout answer', () => {
    expect(knockoutAnswer(questions, answersTo({ notice: 'None', permit: true, stack: ['TypeScript'] }))).toBeNull();
    expect(knockoutAnswer([budget], answersTo({}))).toBeNull();
  });

  it('is the first answer, in the order of the questions, that is one of its knockout answers', () => {
    expect(knockoutAnswer(questions, answersTo({ notice: 'None', permit: false, stack: ['COBOL'] }))).toMatchObject({ id: 'permit', value: false, text: 'No' });
    expect(knockoutAnswer(questions, answersTo({ notice: 'Three months', permit: false }))).toMatchObject({ id: 'notice' });
    expect(knockoutAnswer(questions, answersTo({ notice: 'None', permit: true, stack: ['TypeScript', 'COBOL'] }))).toMatchObject({ id: 'stack' });
  });
});

describe('checkAnswers on generated lists and answers', () => {
  const isChoice = (question: FormQuestion) => (CHOICE_QUESTION_TYPES as readonly string[]).includes(question.type);
  const options = fc.uniqueArray(fc.constantFrom('A', 'B', 'Over 50k', "' OR 1=1 --", 'Zoë', 'yes'), { minLength: 1, maxLength: 4 });
  const draft = fc.record({
    id: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,4}$/),
    type: fc.constantFrom(...QUESTION_TYPES),
    required: fc.boolean(),
    options,
    min: fc.option(fc.integer({ min: -10, max: 10 }), { nil: undefined }),
    span: fc.option(fc.nat(20), { nil: undefined }),
    // Which earlier always-shown choice question, and which of its answers, a condition or a knockout names.
    condition: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: undefined, freq: 2 }),
    knockout: fc.option(fc.nat(), { nil: undefined, freq: 2 }),
  });
  /** Lists of every type, conditions on earlier choice questions and knockouts, kept only when the rules take them. */
  const questionLists = fc
    .uniqueArray(draft, { selector: (item) => item.id, maxLength: 8 })
    .map((drafts) =>
      drafts.reduce<FormQuestion[]>((list, item) => {
        const question: FormQuestion = {
          id: item.id,
          label: `Question ${item.id}`,
          type: item.type,
          required: item.type === 'consent' || item.required,
          ...(item.type === 'select' || item.type === 'multiselect' ? { options: item.options } : {}),
          ...(item.type === 'number' && item.min !== undefined ? { min: item.min } : {}),
          ...(item.type === 'number' && item.span !== undefined ? { max: (item.min ?? 0) + item.span } : {}),
          ...(item.type === 'consent' ? { statement: STATEMENT as FormQuestion['statement'] } : {}),
        };
        const targets = list.filter((earlier) => isChoice(earlier) && earlier.showIf === undefined);
        const target = item.condition && targets[item.condition[0] % targets.length];
        if (item.condition && target) {
          const answers = choiceAnswers(target);
          question.showIf = { question: target.id, equals: answers[item.condition[1] % answers.length] ?? '' };
        }
        if (item.knockout !== undefined && isChoice(question)) {
          const answers = choiceAnswers(question);
          question.knockout = { answers: [answers[item.knockout % answers.length] ?? ''] };
        }
        return [...list, question];
      }, []),
    )
    .filter((list) => Object.keys(questionListProblems(list, { job: true })).length === 0);

  /** Answers to a list: plausible ones per question, hostile ones, unknown and prototype keys, or no map at all. */
  const answerMaps = (questions: FormQuestion[]) => {
    const plausible = (question: FormQuestion) =>
      fc.oneof(
        fc.constantFrom(...choiceAnswers({ type: question.type === 'checkbox' ? 'select' : question.type, options: question.options ?? ['A'] })),
        fc.subarray(question.options ?? ['A']),
        fc.boolean(),
        fc.integer({ min: -20, max: 40 }),
        fc.constantFrom('', '  ', '2026-02-28', '2026-02-30', 'a@example.com', 'https://example.com', '+15550100', 'x'.repeat(600), '12', 'NaN'),
      );
    const value = (question: FormQuestion | undefined) =>
      fc.oneof({ weight: 3, arbitrary: question ? plausible(question) : fc.constant(null) }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) });
    const ids = questions.map((question) => question.id);
    const key = fc.oneof(
      { weight: 4, arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.constant('none') },
      { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 'Budget', 'a.b') },
      { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
    );
    const map = fc
      .array(
        key.chain((id) => value(questions.find((question) => question.id === id)).map((answer) => [id, answer] as const)),
        { maxLength: 10 },
      )
      .map((entries) => {
        // Own keys, `__proto__` included (as JSON.parse makes them).
        const answers: Record<string, unknown> = {};
        for (const [id, answer] of entries) Object.defineProperty(answers, id, { value: answer, enumerable: true, configurable: true, writable: true });
        return answers;
      });
    return fc.oneof({ weight: 6, arbitrary: map }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) });
  };
  const cases = questionLists.chain((questions) => answerMaps(questions).map((raw) => ({ questions, raw })));
  const isMap = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const isBlank = (value: unknown) =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

  it('never throws, names only the answers or a question or key given, keeps only shown questions, and refuses a shown required question left out', () => {
    fc.assert(
      fc.property(cases, ({ questions, raw }) => {
        const { answers, errors } = checkAnswers(questions, raw, CHECKS);
        const given = isMap(raw) ? Object.keys(raw) : [];
        const known = new Set([...questions.map((question) => question.id), ...given]);
        for (const key of Object.keys(errors)) {
          expect(key === 'answers' || (key.startsWith('answers.') && known.has(key.slice('answers.'.length)))).toBe(true);
        }
        if (raw !== undefined && raw !== null && !isMap(raw)) {
          expect(errors).toEqual({ answers: QUESTION_MESSAGES.answersShape });
          expect(answers).toEqual([]);
          return;
        }
        // The accepted answers, in the questions' order, each of a question shown by the answers accepted before it.
        const accepted: FormAnswers = {};
        const order = questions.map((question) => question.id);
        let last = -1;
        for (const answer of answers) {
          const question = questions.find((item) => item.id === answer.id);
          expect(question).toBeDefined();
          expect(isQuestionShown(question!, accepted)).toBe(true);
          expect(order.indexOf(answer.id)).toBeGreaterThan(last);
          expect(errors[`answers.${answer.id}`]).toBeUndefined();
          last = order.indexOf(answer.id);
          accepted[answer.id] = answer.value;
        }
        for (const question of questions) {
          const shown = isQuestionShown(question, accepted);
          if (!shown) expect(errors[`answers.${question.id}`]).toBeUndefined();
          if (shown && question.required && isBlank(isMap(raw) ? raw[question.id] : undefined)) expect(errors[`answers.${question.id}`]).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('generates lists of every type, with conditions and knockouts', () => {
    const lists = fc.sample(questionLists, { numRuns: 200, seed: 1 });
    const all = lists.flat();
    expect(new Set(all.map((question) => question.type)).size).toBe(QUESTION_TYPES.length);
    expect(all.some((question) => question.showIf)).toBe(true);
    expect(all.some((question) => question.knockout)).toBe(true);
  });
});
