import { ANSWER_MAX_LENGTH, type FormQuestion } from '@brightwave/common';
import fc from 'fast-check';
import { dataUrl, DROPPED_KEYS, hostileKeys, textUpTo, validEmail } from './fuzz-values';

/**
 * Applications to a job with custom questions (docs/features/form-questions.md): the fuzz fixtures create the job
 * with these questions, and no fuzzed route ever changes it (the job routes get the other fixture job or random ids),
 * so what an answer map should get is known for the whole run.
 */
const TEAMS = ['Design', 'Engineering', "' OR 1=1 --"];
const LEVELS = ['Junior', 'Senior'];
const STACK = ['React', 'Node', 'Zoë & <SQL>'];
const YEARS = { min: 0, max: 50 };
const STATEMENT = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'I agree to the privacy notice.' }] }] };

export const QUESTIONED_JOB_QUESTIONS: FormQuestion[] = [
  { id: 'permit', label: 'Do you have a work permit?', type: 'checkbox', required: true, knockout: { answers: ['no'] } },
  { id: 'team', label: 'Which team?', type: 'select', required: true, options: TEAMS },
  { id: 'level', label: 'Which level?', type: 'select', required: true, options: LEVELS, showIf: { question: 'team', equals: 'Engineering' } },
  { id: 'stack', label: 'What do you work with?', type: 'multiselect', required: false, options: STACK },
  { id: 'years', label: 'Years of experience', type: 'number', required: false, ...YEARS },
  { id: 'motivation', label: 'Why us?', type: 'text', required: true },
  { id: 'start', label: 'Earliest start', type: 'date', required: false },
  { id: 'referee', label: "A referee's e-mail", type: 'email', required: false },
  { id: 'privacy', label: 'Privacy', type: 'consent', required: true, statement: STATEMENT as FormQuestion['statement'] },
];
const QUESTION_IDS = QUESTIONED_JOB_QUESTIONS.map((question) => question.id);

type Answers = Record<string, unknown>;

/** An optional question's answer: a valid one, or none at all (left out, null or blank). */
const optionalAnswer = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(undefined, null, '', '  ') });

const calendarDate = fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

/** Answer maps the job must take: every shown required question answered within its type, anything for a hidden one. */
const validAnswers: fc.Arbitrary<Answers> = fc
  .record({
    permit: fc.boolean(),
    team: fc.constantFrom(...TEAMS),
    // In any order, repeated, or none (blank): stored once each, in the options' order.
    stack: optionalAnswer(fc.array(fc.constantFrom(...STACK), { maxLength: 4 })),
    years: optionalAnswer(
      fc.oneof(
        fc.integer(YEARS),
        fc.double({ ...YEARS, noNaN: true }),
        fc.integer(YEARS).map((years) => ` ${years} `),
        // Number() reads these texts as 16 and 10.
        fc.constantFrom('0x10', '1e1'),
      ),
    ),
    motivation: fc.oneof(textUpTo(ANSWER_MAX_LENGTH.text), fc.constant(`  ${'m'.repeat(ANSWER_MAX_LENGTH.text)}  `)),
    start: optionalAnswer(
      fc.oneof(
        calendarDate,
        calendarDate.map((date) => ` ${date}`),
      ),
    ),
    referee: optionalAnswer(
      fc.oneof(
        validEmail,
        validEmail.map((address) => ` ${address.toUpperCase()} `),
      ),
    ),
    privacy: fc.constant(true),
  })
  .chain((answers) =>
    answers.team === 'Engineering'
      ? fc.constantFrom(...LEVELS).map((level) => ({ ...answers, level }))
      : // Hidden by its condition: whatever it holds is dropped, not checked.
        fc.constantFrom(undefined, 'Senior', 'Chief', 42, [], { nested: ['x'] }, null).map((level) => ({ ...answers, level })),
  )
  .map((answers) => Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined)));

/** A value each question must refuse whatever the other answers are (`undefined`: left out). */
const refusedValues: Record<string, unknown[]> = {
  permit: [undefined, null, '', [], 'yes', 'no', 1, 0, ['yes'], {}],
  team: [undefined, '', 'engineering', ' Design', 'Other', ['Design'], 1, {}, { $ne: null }],
  stack: ['React', ['React', 'Cobol'], [['React']], [1], [null], { 0: 'React' }, true],
  years: [-1, 51, 50.5, -1e-9, '51', 'abc', 'NaN', 'Infinity', '1e400', true, [5], {}],
  motivation: [undefined, null, '', '   ', 'x'.repeat(ANSWER_MAX_LENGTH.text + 1), 'y'.repeat(100_000), 42, true, ['why'], { text: 'why' }],
  start: ['2026-02-30', '2026-1-1', '31/12/2026', '2026-01-01T00:00:00Z', 'tomorrow', 20260101, true, ['2026-01-01']],
  referee: ['plainaddress', 'a@', '@example.com', 'Eve <e@example.com>', 'a@example.com,b@example.com', 42, ['a@example.com'], { to: 'a@example.com' }],
  privacy: [undefined, null, false, 'true', 1, 'yes', [true]],
};
/** Ids the job has no question of (none a key class-transformer drops: see DROPPED_KEYS). */
const unknownIds = fc.oneof(
  fc.constantFrom('budget', 'Permit', 'PRIVACY', 'permit ', 'work_permit', '', ' ', '0', 'a'.repeat(41), 'answers.team'),
  hostileKeys.filter((key) => !QUESTION_IDS.includes(key) && !DROPPED_KEYS.has(key) && !key.includes('\u0000')),
);

/** Answer maps the job must refuse: a valid map with one answer broken, an unknown id, or no map at all. */
const refusedAnswers: fc.Arbitrary<unknown> = fc.oneof(
  fc.tuple(validAnswers, fc.constantFrom(...Object.keys(refusedValues))).chain(([answers, id]) =>
    fc.constantFrom(...(refusedValues[id] ?? [])).map((value) => {
      const { [id]: _replaced, ...others } = answers;
      return value === undefined ? others : { ...others, [id]: value };
    }),
  ),
  // The level, asked for once the team shows it: left out or no option.
  fc.tuple(validAnswers, fc.constantFrom(undefined, 'Chief', 'senior', ['Senior'], true, 1)).map(([answers, level]) => {
    const { level: _level, ...others } = answers;
    return { ...others, team: 'Engineering', ...(level === undefined ? {} : { level }) };
  }),
  fc.tuple(validAnswers, unknownIds, fc.jsonValue({ maxDepth: 1 })).map(([answers, id, value]) => ({ ...answers, [id]: value })),
  // No answers, while required questions are asked; or no map of answers.
  fc.constantFrom(undefined, null, {}, [], 'yes', 42, true, [{ permit: true }]),
);

/**
 * Hostile answer maps whose fate is not modelled here (any value at any key, prototype keys, nesting): the route may
 * take or refuse them, but a refusal carries the envelope and stores nothing.
 */
const anyAnswers: fc.Arbitrary<unknown> = fc
  .tuple(
    validAnswers,
    fc.dictionary(
      fc.oneof(fc.constantFrom(...QUESTION_IDS), hostileKeys),
      fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...Object.values(refusedValues).flat())),
      {
        minKeys: 1,
        maxKeys: 4,
      },
    ),
  )
  .map(([answers, hostile]) => ({ ...answers, ...hostile }));

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');

/**
 * Whole application bodies to the questioned job (`POST /api/jobs/apply`, JSON with the resume as a data URL): the
 * fields outside `answers` are valid, each from an address that never applied (one application per address and job),
 * so the answers alone decide: `accept`, `reject` or `any`.
 */
export function answeredApplications(jobId: () => string): fc.Arbitrary<{ value: unknown; expect: 'accept' | 'reject' | 'any' }> {
  const body = (answers: unknown) =>
    fc.uuid().map((uuid) => ({
      job: jobId(),
      fullName: 'Ada Lovelace',
      email: `applicant-${uuid}@example.com`,
      phone: '+15550100',
      experience: '3 years',
      resume: dataUrl(PDF),
      ...(answers === undefined ? {} : { answers }),
    }));
  return fc.oneof(
    { weight: 3, arbitrary: validAnswers.chain(body).map((value) => ({ value, expect: 'accept' as const })) },
    { weight: 4, arbitrary: refusedAnswers.chain(body).map((value) => ({ value, expect: 'reject' as const })) },
    { weight: 2, arbitrary: anyAnswers.chain(body).map((value) => ({ value, expect: 'any' as const })) },
  );
}
