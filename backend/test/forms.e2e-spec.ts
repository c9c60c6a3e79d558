import { MESSAGES, QUESTION_MESSAGES, jobSlug, required, type FormQuestion, type Job } from '@brightwave/common';
import { eq } from 'drizzle-orm';
import { DomainError } from '../src/common/domain-error';
import { DATABASE, type Database } from '../src/database/database';
import { formQuestions, jobs } from '../src/database/schema';
import { FormsService } from '../src/forms/forms.service';
import { JobsService } from '../src/jobs/jobs.service';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';

// Custom questions (docs/features/form-questions.md): the rules of a question list, through the services against a
// real database (the many cases of the rules themselves are src/forms/form-questions.spec.ts), and each route once.

const BOOT_TIMEOUT_MS = 120_000;
const STATEMENT = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'I agree to the privacy notice.' }] }] };
const budget: FormQuestion = { id: 'budget', label: 'Budget', type: 'select', required: true, options: ['Under 10k', '10k-50k', 'Over 50k'] };
const deadline: FormQuestion = { id: 'deadline', label: 'Deadline', type: 'date', required: false, showIf: { question: 'budget', equals: 'Over 50k' } };
const consent = { id: 'privacy', label: 'Privacy', type: 'consent', required: true, statement: STATEMENT } as FormQuestion;
const permit: FormQuestion = { id: 'permit', label: 'Do you have a work permit?', type: 'checkbox', required: true, knockout: { answers: ['no'] } };
const notice: FormQuestion = { id: 'notice', label: 'Notice period', type: 'select', required: false, options: ['None', 'One month'] };
const validJob = {
  title: 'Site Reliability Engineer',
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '3+ years',
  description: 'Keep the lights on.',
};

describe('Form questions', () => {
  let t: TestApp;
  let db: Database;
  let service: FormsService;
  let owner: { Authorization: string };
  let sales: { Authorization: string };
  let recruiter: { Authorization: string };

  /** What the service refuses: its error's code and field errors. */
  async function refusal(save: () => Promise<unknown>): Promise<{ code: string; message: string; errors: Record<string, string> }> {
    try {
      await save();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { code: error.code, message: error.message, errors: error.details.errors ?? {} };
    }
    throw new Error('it was stored');
  }
  const storedRow = async (form: 'quote' | 'contact') => (await db.select().from(formQuestions).where(eq(formQuestions.form, form)))[0];
  const auditEntries = async () =>
    (await t.http.get('/api/admin/audit?action=settings.form_questions_changed').set(owner).expect(200)).body.entries as {
      targetId: string;
      details: Record<string, unknown>;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get<symbol, Database>(DATABASE);
    service = t.app.get(FormsService);
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    sales = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'sales', { email: 'sales@forms.test', password: 'a-sales-password-42' })}` };
    recruiter = {
      Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'recruiter', { email: 'recruiter@forms.test', password: 'a-recruiter-password-42' })}`,
    };
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  describe(FormsService.name, () => {
    it('gives every form no questions until an admin saves some', async () => {
      expect(await service.list()).toEqual([
        { form: 'quote', questions: [] },
        { form: 'contact', questions: [] },
      ]);
      expect(await service.publicQuestions('contact')).toEqual([]);
    });

    it('stores a list normalized (texts trimmed, fields of another type dropped) and the site reads it at once', async () => {
      const saved = await service.save('quote', [{ ...budget, label: '  Budget  ', help: '' }, deadline]);
      expect(saved).toEqual({ form: 'quote', questions: [budget, deadline] });
      expect((await storedRow('quote'))?.questions).toEqual([budget, deadline]);
      expect(await service.publicQuestions('quote')).toEqual([budget, deadline]);
      expect((await service.list()).find((form) => form.form === 'quote')?.questions).toEqual([budget, deadline]);
    });

    it('refuses a list that breaks a rule with a message per field, and stores nothing', async () => {
      const before = await storedRow('quote');
      const refused = await refusal(() =>
        service.save('quote', [
          { ...budget, options: [] },
          { ...deadline, showIf: { question: 'later', equals: 'x' } },
          { id: 'later', label: '', type: 'select', required: true, options: ['x'] },
          { ...consent, required: false },
        ]),
      );
      expect(refused).toEqual({
        code: 'invalid',
        message: MESSAGES.validationFailed,
        errors: {
          'questions.0.options': QUESTION_MESSAGES.questionOptions,
          'questions.1.showIf.question': QUESTION_MESSAGES.showIfOrder,
          'questions.2.label': QUESTION_MESSAGES.questionLabel,
          'questions.3.required': QUESTION_MESSAGES.consentRequired,
        },
      });
      expect(await storedRow('quote')).toEqual(before);
    });

    it('refuses a knockout on the quote and contact forms: only a job screens people out', async () => {
      const refused = await refusal(() => service.save('contact', [{ ...permit }]));
      expect(refused.errors).toEqual({ 'questions.0.knockout': QUESTION_MESSAGES.knockoutJobOnly });
      expect(await storedRow('contact')).toBeUndefined();
    });

    it('refuses a form that is neither quote nor contact (404)', async () => {
      expect(await refusal(() => service.save('application', []))).toMatchObject({ code: 'not-found', message: MESSAGES.formNotFound });
      expect(await refusal(() => service.publicQuestions('__proto__'))).toMatchObject({ code: 'not-found', message: MESSAGES.formNotFound });
    });

    it('an empty list takes every question away', async () => {
      await service.save('contact', [consent]);
      expect(await service.publicQuestions('contact')).toEqual([consent]);
      await service.save('contact', []);
      expect(await service.publicQuestions('contact')).toEqual([]);
      expect((await storedRow('contact'))?.questions).toEqual([]);
    });
  });

  describe('GET and PUT /api/admin/forms', () => {
    it('lists both forms with their questions, for owners and sales', async () => {
      await service.save('quote', [budget, deadline]);
      const answer = (await t.http.get('/api/admin/forms').set(sales).expect(200)).body;
      expect(answer).toEqual({
        success: true,
        forms: [
          { form: 'quote', questions: [budget, deadline] },
          { form: 'contact', questions: [] },
        ],
      });
      await t.http.get('/api/admin/forms').set(owner).expect(200);
    });

    it('saves a form (200) with its message and the stored list, and audits which questions changed', async () => {
      const answer = (
        await t.http
          .put('/api/admin/forms/contact')
          .set(sales)
          .send({ questions: [{ ...consent, label: ' Privacy ' }] })
          .expect(200)
      ).body;
      expect(answer).toEqual({ success: true, message: MESSAGES.formQuestionsSaved, data: { form: 'contact', questions: [consent] } });
      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        targetId: 'contact_form_questions',
        details: { form: 'contact', questions: 1, added: ['privacy'], removed: [], changed: [], reordered: false },
      });
    });

    it('audits the questions changed as stored: one saved again as it was is no change', async () => {
      const topic = { id: 'topic', label: 'Topic', type: 'select', required: false, options: ['Billing', 'Other'] };
      await t.http
        .put('/api/admin/forms/contact')
        .set(owner)
        .send({ questions: [topic, consent] })
        .expect(200);
      await t.http
        .put('/api/admin/forms/contact')
        .set(owner)
        .send({ questions: [consent, { ...topic, label: 'Subject' }] })
        .expect(200);
      const [moved, added] = await auditEntries();
      expect(added?.details).toMatchObject({ added: ['topic'], removed: [], changed: [], reordered: false });
      expect(moved?.details).toMatchObject({ added: [], removed: [], changed: ['topic'], reordered: true });
      await t.http
        .put('/api/admin/forms/contact')
        .set(owner)
        .send({ questions: [consent] })
        .expect(200);
      expect((await auditEntries())[0]?.details).toMatchObject({ questions: 1, added: [], removed: ['topic'], changed: [], reordered: false });
    });

    it('answers 400 with a message per field and stores nothing', async () => {
      const refused = (
        await t.http
          .put('/api/admin/forms/contact')
          .set(owner)
          .send({ questions: [consent, { id: 'Bad Id', label: 'x', type: 'text', required: true }] })
          .expect(400)
      ).body;
      expect(refused).toEqual({ success: false, message: MESSAGES.validationFailed, errors: { 'questions.1.id': QUESTION_MESSAGES.questionId } });
      const notAList = (
        await t.http
          .put('/api/admin/forms/contact')
          .set(owner)
          .send({ questions: { 0: consent } })
          .expect(400)
      ).body;
      expect(notAList.errors).toEqual({ questions: QUESTION_MESSAGES.questionsShape });
      await t.http.put('/api/admin/forms/contact').set(owner).send({}).expect(400);
      await t.http.put('/api/admin/forms/contact').set(owner).send({ questions: [], extra: 1 }).expect(400);
      expect((await storedRow('contact'))?.questions).toEqual([consent]);
    });

    it('answers 404 for a form that is not quote or contact', async () => {
      const answer = (await t.http.put('/api/admin/forms/newsletter').set(owner).send({ questions: [] }).expect(404)).body;
      expect(answer).toEqual({ success: false, message: MESSAGES.formNotFound });
    });

    it('is for owners and sales only: 403 for a recruiter, 401 without a session', async () => {
      expect((await t.http.get('/api/admin/forms').set(recruiter).expect(403)).body.message).toBe(MESSAGES.notAllowed);
      await t.http.put('/api/admin/forms/quote').set(recruiter).send({ questions: [] }).expect(403);
      await t.http.get('/api/admin/forms').expect(401);
      await t.http.put('/api/admin/forms/quote').send({ questions: [] }).expect(401);
      expect((await storedRow('quote'))?.questions).toEqual([budget, deadline]);
    });
  });

  describe('GET /api/forms/:form', () => {
    it("answers the form's questions to anyone, and 404 for an unknown form", async () => {
      expect((await t.http.get('/api/forms/quote').expect(200)).body).toEqual({ success: true, questions: [budget, deadline] });
      expect((await t.http.get('/api/forms/application').expect(404)).body).toEqual({ success: false, message: MESSAGES.formNotFound });
    });
  });

  describe("a job's questions", () => {
    const jobWith = (questions: unknown) => ({ ...validJob, questions });
    const publicJobs = async (): Promise<Job[]> => (await t.http.get('/api/jobs').expect(200)).body.jobs;

    it('travel with the job: created and read by the admin with their knockouts, stored normalized', async () => {
      const created = (
        await t.http
          .post('/api/jobs/admin')
          .set(recruiter)
          .send(jobWith([{ ...permit, label: ' Do you have a work permit? ' }, notice]))
          .expect(201)
      ).body.data as Job;
      expect(created.questions).toEqual([permit, notice]);
      const [row] = await db.select().from(jobs).where(eq(jobs.id, created._id));
      expect(row?.questions).toEqual([permit, notice]);
      const listed = (await t.http.get('/api/jobs/admin').set(recruiter).expect(200)).body.jobs as Job[];
      expect(listed.find((job) => job._id === created._id)?.questions).toEqual([permit, notice]);
    });

    it('a job without questions has none; a replace without them leaves none, like its requirements', async () => {
      const created = (await t.http.post('/api/jobs/admin').set(owner).send(validJob).expect(201)).body.data as Job;
      expect(created.questions).toEqual([]);
      const changed = (
        await t.http
          .put(`/api/jobs/admin/${created._id}`)
          .set(owner)
          .send(jobWith([permit]))
          .expect(200)
      ).body.data as Job;
      expect(changed.questions).toEqual([permit]);
      const updates = async () =>
        (await t.http.get(`/api/admin/audit?action=job.updated&targetId=${created._id}`).set(owner).expect(200)).body.entries as {
          details: { fields: string[] };
        }[];
      expect((await updates())[0]?.details.fields).toEqual(['questions']);
      // The same questions sent again (as the admin's form does on every edit) are no change.
      await t.http
        .put(`/api/jobs/admin/${created._id}`)
        .set(owner)
        .send({ ...jobWith([permit]), experience: '4+ years' })
        .expect(200);
      expect((await updates())[0]?.details.fields).toEqual(['experience']);
      const replaced = (await t.http.put(`/api/jobs/admin/${created._id}`).set(owner).send(validJob).expect(200)).body.data as Job;
      expect(replaced.questions).toEqual([]);
    });

    it('answer 400 with a message per field on create and on replace, and store nothing', async () => {
      const broken = [
        { ...permit, knockout: { answers: ['maybe'] } },
        { ...notice, knockout: { answers: ['None'] }, showIf: { question: 'notice', equals: 'None' } },
        { id: 'salary', label: 'Salary', type: 'number', required: false, knockout: { answers: ['0'] } },
      ];
      const errors = {
        'questions.0.knockout.answers': QUESTION_MESSAGES.knockoutAnswers,
        'questions.1.showIf.question': QUESTION_MESSAGES.showIfOrder,
        'questions.2.knockout': QUESTION_MESSAGES.knockoutChoice,
      };
      const before = await db.select().from(jobs);
      const create = (await t.http.post('/api/jobs/admin').set(owner).send(jobWith(broken)).expect(400)).body;
      expect(create).toEqual({ success: false, message: MESSAGES.validationFailed, errors });
      const job = required(before[0], 'a job');
      const replace = (await t.http.put(`/api/jobs/admin/${job.id}`).set(owner).send(jobWith(broken)).expect(400)).body;
      expect(replace.errors).toEqual(errors);
      expect((await t.http.post('/api/jobs/admin').set(owner).send(jobWith('permit')).expect(400)).body.errors).toEqual({
        questions: QUESTION_MESSAGES.questionsShape,
      });
      expect(await db.select().from(jobs)).toEqual(before);
    });

    it('reach the site without their knockout answers: the public list and the job page', async () => {
      const created = (
        await t.http
          .post('/api/jobs/admin')
          .set(owner)
          .send(jobWith([permit, notice]))
          .expect(201)
      ).body.data as Job;
      const { knockout: _knockout, ...permitAsShown } = permit;
      const shown = (await publicJobs()).find((job) => job._id === created._id);
      expect(shown?.questions).toEqual([permitAsShown, notice]);
      expect(JSON.stringify(await publicJobs())).not.toContain('knockout');
      const page = await t.app.get(JobsService).jobPage(jobSlug(created));
      expect(page.kind).toBe('open');
      if (page.kind === 'open') {
        expect(page.job.questions).toEqual([permitAsShown, notice]);
        expect(page.list.toString('utf8')).not.toContain('knockout');
      }
    });
  });
});
