import fs from 'node:fs';
import {
  DAY_MS,
  HOUR_MS,
  MESSAGES,
  QUESTION_MESSAGES,
  REJECTION_DELAY_HOURS,
  required,
  type CandidateEmail,
  type FormQuestion,
  type JobApplication,
  type Lead,
  type PipelineColumn,
  type QuestionForm,
  type StoredAnswer,
  type TimelineEvent,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { count, eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { ApplicationsRepository } from '../src/applications/applications.repository';
import { ContactsRepository } from '../src/contacts/contacts.repository';
import { LeadsRepository } from '../src/leads/leads.repository';
import { contacts, formQuestions, jobApplications, jobs, leads } from '../src/database/schema';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { signInThroughSmtp, createTestAppWithSmtp, mailsTo, type SmtpSink } from './support/smtp-helpers';
import { filledOnSite } from './support/form-token';
import { columnsHolding } from './support/table-scan';
import type { TestApp } from './support/test-app';
import { startWebhookReceiver } from './support/webhook-receiver';
import { rawBody } from './support/raw-body';

// Answers to the custom questions of the quote and contact forms and of a job (docs/features/form-questions.md): the
// HTTP routes with their answers, refusals, knockouts and every place an answer shows. The many rules of one answer
// are unit tests (src/forms/form-questions.spec.ts, src/forms/submitted-answers.spec.ts).

const BOOT_TIMEOUT_MS = 120_000;
const STAFF = 'staff@example.test';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const STATEMENT = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'I agree to the privacy notice.' }] }] };

const BUDGET: FormQuestion = { id: 'budget', label: 'Budget', type: 'select', required: true, options: ['Under 10k', '10k-50k', 'Over 50k'] };
// Asked only of a large budget.
const DEADLINE: FormQuestion = { id: 'deadline', label: 'Hard deadline', type: 'date', required: true, showIf: { question: 'budget', equals: 'Over 50k' } };
const TEAM: FormQuestion = { id: 'team', label: 'Team size', type: 'number', required: false, min: 1, max: 500 };
const SITE: FormQuestion = { id: 'site', label: 'Website', type: 'url', required: false };
const QUOTE_QUESTIONS = [BUDGET, DEADLINE, TEAM, SITE];
const CONSENT: FormQuestion = { id: 'consent', label: 'Privacy', type: 'consent', required: true, statement: STATEMENT as FormQuestion['statement'] };
const PERMIT: FormQuestion = { id: 'permit', label: 'Do you hold a work permit for the EU?', type: 'checkbox', required: true, knockout: { answers: ['no'] } };
const NOTICE: FormQuestion = { id: 'notice', label: 'Notice period', type: 'select', required: false, options: ['None', '1 month', '3 months'] };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const lead = (name: string, answers?: object) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  service: 'web',
  message: 'A site, please.',
  answers,
});

describe('Answers to custom questions (POST /api/leads, /api/contacts, /api/jobs/apply)', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let close: () => Promise<void>;
  let db: Database;
  let auth: { authorization: string };
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  const setFormQuestions = (form: QuestionForm, questions: FormQuestion[]) =>
    db.insert(formQuestions).values({ form, questions }).onConflictDoUpdate({ target: formQuestions.form, set: { questions } });
  const rowsOf = async (table: typeof leads | typeof contacts | typeof jobApplications) =>
    required((await db.select({ n: count() }).from(table))[0], 'the count').n;
  const uploads = () => (fs.existsSync(t.config.storage.uploadsDir) ? fs.readdirSync(t.config.storage.uploadsDir).length : 0);
  const download = async (url: string) => {
    const response = await t.http.get(url).set(auth).buffer(true).parse(rawBody).expect(200);
    const bytes = response.body as Buffer;
    return (bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes).toString('utf8').split('\r\n');
  };
  const postJob = async (title: string, questions: FormQuestion[]) => {
    const body = {
      title,
      department: 'engineering',
      location: 'remote',
      type: 'full-time',
      experience: '3+ years',
      description: 'Pipelines.',
      requirements: [],
    };
    const id = (await t.http.post('/api/jobs/admin').set(auth).send(body).expect(201)).body.data._id as string;
    // Written as the admin's PUT would store them (its own tests are the forms admin API's).
    await db.update(jobs).set({ questions }).where(eq(jobs.id, id));
    return id;
  };
  const application = (jobId: string, fullName: string, answers?: object) => ({
    job: jobId,
    fullName,
    email: `${fullName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: '+15551234567',
    experience: '3 years',
    resume: dataUrl(samplePdf()),
    answers,
  });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ({ t, smtp, close } = await createTestAppWithSmtp({
      NOTIFY_TO: STAFF,
      SEND_CONFIRMATIONS: 'true',
      ALLOW_HTTP_WEBHOOKS: 'true',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      MAIL_FROM: 'Brightwave Technologies <no-reply@brightwave.test>',
    }));
    db = t.app.get<symbol, Database>(DATABASE);
    auth = bearer(await signInThroughSmtp(t, smtp.received));
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await close();
    await receiver.close();
  });

  describe('a form with no questions', () => {
    it('takes a submission without answers, or with {}, exactly as before, and stores none', async () => {
      const without = (await t.http.post('/api/leads').send(lead('Plain Paula')).expect(201)).body;
      expect(without).toMatchObject({ success: true, message: MESSAGES.quoteSuccess });
      expect(without.data.answers).toEqual([]);
      const empty = (
        await t.http
          .post('/api/contacts')
          .send({ name: 'Plain Carl', email: 'carl@example.com', department: 'general', message: 'Hi', answers: {} })
          .expect(201)
      ).body;
      expect(empty.data.answers).toEqual([]);
    });

    it('refuses an answer to a question it does not have, and answers that are no map, storing nothing', async () => {
      const before = await rowsOf(leads);
      const unknown = (
        await t.http
          .post('/api/leads')
          .send(lead('Curious Quinn', { budget: 'Over 50k' }))
          .expect(400)
      ).body;
      expect(unknown).toEqual({ success: false, message: MESSAGES.validationFailed, errors: { 'answers.budget': QUESTION_MESSAGES.answerUnknown } });
      const list = (
        await t.http
          .post('/api/leads')
          .send(lead('Listy Lou', ['Over 50k']))
          .expect(400)
      ).body;
      expect(list.errors).toEqual({ answers: QUESTION_MESSAGES.answersShape });
      expect(await rowsOf(leads)).toBe(before);
    });
  });

  describe('the quote form with a budget select and a condition', () => {
    beforeAll(() => setFormQuestions('quote', QUOTE_QUESTIONS));

    it('stores the answers of the questions shown, with their labels and texts, on the item and its page', async () => {
      const answers = { budget: 'Over 50k', deadline: '2027-03-01', team: '12', site: 'https://acme.example' };
      const created = (await t.http.post('/api/leads').send(lead('Big Bertha', answers)).expect(201)).body.data as Lead;
      const stored: StoredAnswer[] = [
        { id: 'budget', label: 'Budget', type: 'select', value: 'Over 50k', text: 'Over 50k' },
        { id: 'deadline', label: 'Hard deadline', type: 'date', value: '2027-03-01', text: '2027-03-01' },
        { id: 'team', label: 'Team size', type: 'number', value: 12, text: '12' },
        { id: 'site', label: 'Website', type: 'url', value: 'https://acme.example', text: 'https://acme.example' },
      ];
      expect(created.answers).toEqual(stored);
      expect((await t.http.get(`/api/leads/${created._id}`).set(auth).expect(200)).body.data.answers).toEqual(stored);
    });

    it('drops the answer to a question its condition hides', async () => {
      const created = (
        await t.http
          .post('/api/leads')
          .send(lead('Small Sam', { budget: 'Under 10k', deadline: '2027-03-01' }))
          .expect(201)
      ).body.data as Lead;
      expect(created.answers.map((answer) => answer.id)).toEqual(['budget']);
    });

    it('refuses with a message per question, and stores nothing', async () => {
      const before = await rowsOf(leads);
      const refused = async (answers: object | undefined) => (await t.http.post('/api/leads').send(lead('Wrong Wanda', answers)).expect(400)).body;
      expect(await refused(undefined)).toEqual({
        success: false,
        message: MESSAGES.validationFailed,
        errors: { 'answers.budget': QUESTION_MESSAGES.answerMissing },
      });
      expect((await refused({ budget: 'Over 50k' })).errors).toEqual({ 'answers.deadline': QUESTION_MESSAGES.answerMissing });
      expect((await refused({ budget: 'A million', team: 0, site: 'javascript:alert(1)' })).errors).toEqual({
        'answers.budget': QUESTION_MESSAGES.answerOption,
        'answers.team': QUESTION_MESSAGES.answerRange(1, 500),
        'answers.site': QUESTION_MESSAGES.answerUrl,
      });
      expect((await refused({ budget: 'Under 10k', colour: 'red' })).errors).toEqual({ 'answers.colour': QUESTION_MESSAGES.answerUnknown });
      expect(await rowsOf(leads)).toBe(before);
    });

    it("checks the answers once the SPEC's fields pass: a refused field is answered first, on its own", async () => {
      const refused = (
        await t.http
          .post('/api/leads')
          .send({ ...lead('Early Ed', { budget: 'A million' }), email: 'not-an-address' })
          .expect(400)
      ).body;
      expect(Object.keys(refused.errors)).toEqual(['email']);
    });

    it('mails the staff every answer as "label: answer", and sends it with the webhook call (data.answers)', async () => {
      await t.http
        .post('/api/admin/settings/webhooks')
        .set(auth)
        .send({ url: `http://127.0.0.1:${receiver.port}/crm`, events: ['lead.created'] })
        .expect(201);
      const created = (
        await t.http
          .post('/api/leads')
          .send(lead('Mailed Mona', { budget: '10k-50k', team: 7 }))
          .expect(201)
      ).body.data as Lead;
      const mail = await pollUntil(() => mailsTo(smtp.received, STAFF).find((message) => message.subject.includes('Mailed Mona')), { what: 'the staff mail' });
      expect(mail.text).toContain('Budget: 10k-50k');
      expect(mail.text).toContain('Team size: 7');
      const call = await pollUntil(() => receiver.calls.find((received) => received.path === '/crm' && received.body.includes(created._id)), {
        what: 'the webhook call',
      });
      expect(JSON.parse(call.body).data.answers).toEqual([
        { id: 'budget', label: 'Budget', type: 'select', value: '10k-50k', text: '10k-50k' },
        { id: 'team', label: 'Team size', type: 'number', value: 7, text: '7' },
      ]);
    });

    it('exports a column per question, by label; a renamed question keeps its past answers as they were given', async () => {
      const before = (
        await t.http
          .post('/api/leads')
          .send(lead('Renamed Rhea', { budget: 'Under 10k' }))
          .expect(201)
      ).body.data as Lead;
      await setFormQuestions('quote', [{ ...BUDGET, label: 'Budget (EUR)' }, TEAM]);
      const lines = await download('/api/leads/export.csv?q=Renamed%20Rhea');
      const headers = required(lines[0], 'the header line');
      // The form's questions now, under their labels now; then the question it no longer has that the rows answered (none here).
      expect(headers.endsWith('"Budget (EUR)","Team size"')).toBe(true);
      expect(lines[1]?.endsWith('"Under 10k",""')).toBe(true);
      // The item keeps the label the answer was given under.
      expect((await t.http.get(`/api/leads/${before._id}`).set(auth).expect(200)).body.data.answers[0].label).toBe('Budget');
      // A question the form no longer has keeps its column while exported rows answered it.
      const all = await download('/api/leads/export.csv?q=Big%20Bertha');
      expect(all[0]?.endsWith('"Budget (EUR)","Team size","Hard deadline","Website"')).toBe(true);
      expect(all[1]?.endsWith('"Over 50k","12","2027-03-01","https://acme.example"')).toBe(true);
    });
  });

  describe('the contact form with a consent', () => {
    beforeAll(() => setFormQuestions('contact', [CONSENT]));

    it('wants the box ticked, and stores the consent as "Yes"', async () => {
      const message = { name: 'Consenting Cora', email: 'cora@example.com', department: 'general', message: 'Hello' };
      expect((await t.http.post('/api/contacts').send(message).expect(400)).body.errors).toEqual({ 'answers.consent': QUESTION_MESSAGES.consentMissing });
      expect(
        (
          await t.http
            .post('/api/contacts')
            .send({ ...message, answers: { consent: false } })
            .expect(400)
        ).body.errors,
      ).toEqual({
        'answers.consent': QUESTION_MESSAGES.consentMissing,
      });
      const created = (
        await t.http
          .post('/api/contacts')
          .send({ ...message, answers: { consent: true } })
          .expect(201)
      ).body.data;
      expect(created.answers).toEqual([{ id: 'consent', label: 'Privacy', type: 'consent', value: true, text: 'Yes' }]);
    });
  });

  describe('a job with a work-permit knockout', () => {
    let jobId: string;
    beforeAll(async () => {
      jobId = await postJob('Data Engineer', [PERMIT, NOTICE]);
    });

    it('refuses a missing or wrong answer with nothing stored and no resume file left behind', async () => {
      const [rows, files] = [await rowsOf(jobApplications), uploads()];
      const refused = (
        await t.http
          .post('/api/jobs/apply')
          .send(application(jobId, 'Missing Max', { notice: 'Forever' }))
          .expect(400)
      ).body;
      expect(refused).toEqual({
        success: false,
        message: MESSAGES.validationFailed,
        errors: { 'answers.permit': QUESTION_MESSAGES.answerMissing, 'answers.notice': QUESTION_MESSAGES.answerOption },
      });
      expect([await rowsOf(jobApplications), uploads()]).toEqual([rows, files]);
    });

    it('takes an applicant who holds a permit as pending, with the answers', async () => {
      const created = (
        await t.http
          .post('/api/jobs/apply')
          .send(application(jobId, 'Permitted Pia', { permit: true, notice: '1 month' }))
          .expect(201)
      ).body.data as JobApplication;
      expect(created).toMatchObject({ status: 'pending', knockout: null });
      expect(created.answers.map((answer) => `${answer.label}: ${answer.text}`)).toEqual([
        'Do you hold a work permit for the EU?: Yes',
        'Notice period: 1 month',
      ]);
    });

    it('takes a knocked-out applicant with the ordinary answer and confirmation, rejected, the rejection mail scheduled and cancellable', async () => {
      const answer = await t.http
        .post('/api/jobs/apply')
        .set(filledOnSite(t))
        .send(application(jobId, 'Knocked Kim', { permit: false }))
        .expect(201);
      expect(answer.body.message).toBe(MESSAGES.applicationSuccess);
      const created = answer.body.data as JobApplication;
      const knockout = { id: 'permit', label: PERMIT.label, type: 'checkbox', value: false, text: 'No' };
      expect(created).toMatchObject({ status: 'rejected', knockout });
      const confirmation = await pollUntil(
        () => mailsTo(smtp.received, 'knocked.kim@example.com').find((mail) => mail.subject.startsWith('We received your application')),
        {
          what: 'the confirmation',
        },
      );
      expect(confirmation.subject).toBe('We received your application for Data Engineer');
      const staffMail = await pollUntil(() => mailsTo(smtp.received, STAFF).find((mail) => mail.subject.includes('Knocked Kim')), { what: 'the staff mail' });
      expect(staffMail.text).toContain(`${PERMIT.label}: No`);
      expect(staffMail.text).toContain(`Knocked out by: ${PERMIT.label}: No`);

      // The rejection of Settings → Candidate e-mails, REJECTION_DELAY_HOURS from now, from the product.
      const emails = (await t.http.get(`/api/jobs/applications/${created._id}/emails`).set(auth).expect(200)).body.emails as CandidateEmail[];
      const rejection = required(emails[0], 'the rejection mail');
      expect(emails).toHaveLength(1);
      expect(rejection).toMatchObject({ status: 'scheduled', sentBy: null });
      expect(Math.abs(Date.parse(rejection.sendAt) - Date.now() - REJECTION_DELAY_HOURS * HOUR_MS)).toBeLessThan(60_000);

      const events = (await t.http.get(`/api/jobs/applications/${created._id}/timeline`).set(auth).expect(200)).body.events as TimelineEvent[];
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'status_changed', actor: null, detail: `Knocked out by the answer to "${PERMIT.label}": moved to Rejected` }),
      );
      expect(events).toContainEqual(expect.objectContaining({ type: 'mail_scheduled', actor: null }));

      const board = (await t.http.get(`/api/jobs/admin/${jobId}/pipeline`).set(auth).expect(200)).body.columns as PipelineColumn[];
      const card = board.find((column) => column.status === 'rejected')?.cards.find((item) => item._id === created._id);
      expect(card?.scheduledEmail?._id).toBe(rejection._id);
      // The card names the question that knocked the application out (its badge on the board).
      expect(card?.knockout).toBe(PERMIT.label);

      await t.http.delete(`/api/jobs/applications/${created._id}/emails/${rejection._id}`).set(auth).expect(200);
      const after = (await t.http.get(`/api/jobs/applications/${created._id}/emails`).set(auth).expect(200)).body.emails as CandidateEmail[];
      expect(after.map((email) => email.status)).toEqual(['cancelled']);
    });

    it('lists the knocked-out applications apart (knockedOut=true|false) on the lists and the board, and exports a column per question', async () => {
      const names = async (query: string) =>
        ((await t.http.get(`/api/jobs/applications/${jobId}?${query}`).set(auth).expect(200)).body.applications as JobApplication[]).map(
          (item) => item.fullName,
        );
      expect(await names('knockedOut=true')).toEqual(['Knocked Kim']);
      expect(await names('knockedOut=false')).toEqual(['Permitted Pia']);
      const everyJob = (await t.http.get('/api/jobs/applications?knockedOut=true').set(auth).expect(200)).body.applications as JobApplication[];
      expect(everyJob.map((item) => item.fullName)).toEqual(['Knocked Kim']);
      await t.http.get(`/api/jobs/applications/${jobId}?knockedOut=maybe`).set(auth).expect(400);
      const board = async (knockedOut: boolean) =>
        ((await t.http.get(`/api/jobs/admin/${jobId}/pipeline?knockedOut=${knockedOut}`).set(auth).expect(200)).body.columns as PipelineColumn[])
          .filter((column) => column.total > 0)
          .map((column) => [column.status, column.total, column.cards.map((card) => [card.fullName, card.knockout])]);
      expect(await board(true)).toEqual([['rejected', 1, [['Knocked Kim', PERMIT.label]]]]);
      expect(await board(false)).toEqual([['pending', 1, [['Permitted Pia', null]]]]);

      const lines = await download(`/api/jobs/applications/export.csv?job=${jobId}&sort=oldest`);
      expect(lines[0]?.endsWith(`"${PERMIT.label}","Notice period"`)).toBe(true);
      expect(lines[1]?.endsWith('"Yes","1 month"')).toBe(true);
      expect(lines[2]?.endsWith('"No",""')).toBe(true);
      expect((await download(`/api/jobs/applications/export.csv?job=${jobId}&knockedOut=true`)).filter(Boolean)).toHaveLength(2);
    });

    it('shows the answers in the privacy export, and erases them with their item: nothing of them remains', async () => {
      const marker = 'periwinkle-harpsichord-5521';
      const erasedJob = await postJob('Archivist', [{ id: 'why', label: 'Why us?', type: 'text', required: true }]);
      const email = 'erased.ezra@example.com';
      await t.http
        .post('/api/jobs/apply')
        .send({ ...application(erasedJob, 'Erased Ezra', { why: `Because ${marker}` }), email })
        .expect(201);
      await t.http
        .post('/api/leads')
        .send({ ...lead('Erased Ezra', { budget: 'Under 10k' }), email })
        .expect(201);
      const found = (await t.http.post('/api/admin/privacy/lookup').set(auth).send({ email }).expect(200)).body;
      expect(found.data.applications[0].answers).toEqual([
        { id: 'why', label: 'Why us?', type: 'text', value: `Because ${marker}`, text: `Because ${marker}` },
      ]);
      expect(found.data.leads[0].answers[0]).toMatchObject({ label: 'Budget (EUR)', text: 'Under 10k' });
      expect(await columnsHolding(db, marker)).not.toEqual([]);
      await t.http.post('/api/admin/privacy/erase').set(auth).send({ email }).expect(200);
      expect(await columnsHolding(db, marker)).toEqual([]);
    });
  });
  describe('the answer filter of the lists (question=<id>&answer=<option>)', () => {
    const SIZE: FormQuestion = { id: 'size', label: 'Company size', type: 'select', required: false, options: ['Small', 'Large'] };
    const SERVICES: FormQuestion = { id: 'services', label: 'Services', type: 'multiselect', required: false, options: ['Design', 'Development', 'Hosting'] };
    const NDA: FormQuestion = { id: 'nda', label: 'Sign an NDA first?', type: 'checkbox', required: false };
    // A typed answer that reads like an option: the filter is by a choice, so it never matches.
    const NOTE: FormQuestion = { id: 'note', label: 'Note', type: 'text', required: false };
    let jobId: string;
    const names = (rows: { name?: string; fullName?: string }[]) => rows.map((row) => row.name ?? row.fullName);
    const leadsAnswering = async (question: string, answer: string) =>
      names((await t.app.get(LeadsRepository).list({ spam: false, answered: { question, answer } }, {})).rows);

    beforeAll(async () => {
      await setFormQuestions('quote', [SIZE, SERVICES, NDA, NOTE]);
      await t.http
        .post('/api/leads')
        .send(lead('Filter Ann', { size: 'Small', services: ['Design', 'Development'], nda: true, note: 'Large' }))
        .expect(201);
      await t.http
        .post('/api/leads')
        .send(lead('Filter Ben', { size: 'Large', services: ['Development'], nda: false }))
        .expect(201);
      // Renamed since: Cid's answer is stored under the new label, Ann's under the old one.
      await setFormQuestions('quote', [{ ...SIZE, label: 'Company size (staff)' }, SERVICES, NDA, NOTE]);
      await t.http
        .post('/api/leads')
        .send(lead('Filter Cid', { size: 'Small', services: ['Hosting'] }))
        .expect(201);
      await setFormQuestions('contact', [NDA, SERVICES]);
      for (const [name, answers] of [
        ['Filter Dora', { nda: true, services: ['Hosting'] }],
        ['Filter Eli', { nda: false }],
      ] as const) {
        await t.http.post('/api/contacts').send({ name, email: 'filter@example.com', department: 'general', message: 'Hello', answers }).expect(201);
      }
      jobId = await postJob('Filter Analyst', [NDA, SIZE]);
      await t.http
        .post('/api/jobs/apply')
        .send(application(jobId, 'Filter Fay', { nda: true, size: 'Large' }))
        .expect(201);
      await t.http
        .post('/api/jobs/apply')
        .send(application(jobId, 'Filter Gus', { nda: false, size: 'Small' }))
        .expect(201);
    });

    it("a select: the option chosen, by the question's id whatever label it was answered under", async () => {
      expect(await leadsAnswering('size', 'Small')).toEqual(['Filter Cid', 'Filter Ann']);
      expect(await leadsAnswering('size', 'Large')).toEqual(['Filter Ben']);
      expect(await leadsAnswering('size', 'Medium')).toEqual([]);
      // The whole option, as written.
      expect(await leadsAnswering('size', 'small')).toEqual([]);
    });

    it('a multiselect: each option chosen', async () => {
      expect(await leadsAnswering('services', 'Development')).toEqual(['Filter Ben', 'Filter Ann']);
      expect(await leadsAnswering('services', 'Design')).toEqual(['Filter Ann']);
      expect(await leadsAnswering('services', 'Hosting')).toEqual(['Filter Cid']);
    });

    it('a yes/no question: yes or no; an unanswered one is neither', async () => {
      expect(await leadsAnswering('nda', 'yes')).toEqual(['Filter Ann']);
      expect(await leadsAnswering('nda', 'no')).toEqual(['Filter Ben']);
    });

    it("a typed answer is no choice: a text question's answer is never matched", async () => {
      expect(await leadsAnswering('note', 'Large')).toEqual([]);
    });

    it('contact messages and applications filter the same way, with the other filters', async () => {
      const contactsRepository = t.app.get(ContactsRepository);
      expect(names((await contactsRepository.list({ spam: false, answered: { question: 'nda', answer: 'yes' } }, {})).rows)).toEqual(['Filter Dora']);
      expect(names((await contactsRepository.list({ spam: false, answered: { question: 'services', answer: 'Hosting' } }, {})).rows)).toEqual(['Filter Dora']);
      const applicationsRepository = t.app.get(ApplicationsRepository);
      const listed = async (filter: Parameters<ApplicationsRepository['list']>[0]) => names((await applicationsRepository.list(filter, {})).rows);
      expect(await listed({ jobId, answered: { question: 'nda', answer: 'no' } })).toEqual(['Filter Gus']);
      expect(await listed({ jobId, answered: { question: 'size', answer: 'Large' } })).toEqual(['Filter Fay']);
      expect(await listed({ jobId, status: 'pending', answered: { question: 'size', answer: 'Large' } })).toEqual(['Filter Fay']);
      expect(await listed({ jobId, q: 'Gus', answered: { question: 'size', answer: 'Large' } })).toEqual([]);
    });

    it('GET /api/leads and its CSV export take question and answer', async () => {
      const listed = (await t.http.get('/api/leads?question=services&answer=Development').set(auth).expect(200)).body as { leads: Lead[]; total: number };
      expect(listed.leads.map((item) => item.name)).toEqual(['Filter Ben', 'Filter Ann']);
      const paged = (await t.http.get('/api/leads?question=size&answer=Small&page=1&limit=1').set(auth).expect(200)).body as { leads: Lead[]; total: number };
      expect([paged.leads.map((item) => item.name), paged.total]).toEqual([['Filter Cid'], 2]);
      const lines = (await download(`/api/leads/export.csv?question=nda&answer=${encodeURIComponent('yes')}`)).filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('"Filter Ann"');
    });

    it('GET /api/contacts takes them too', async () => {
      const listed = (await t.http.get('/api/contacts?question=nda&answer=no').set(auth).expect(200)).body as { contacts: { name: string }[] };
      expect(listed.contacts.map((item) => item.name)).toEqual(['Filter Eli']);
    });

    it("the applications' lists (a job's, every job's) and their CSV export take them too", async () => {
      const ofJob = (await t.http.get(`/api/jobs/applications/${jobId}?question=size&answer=Small`).set(auth).expect(200)).body
        .applications as JobApplication[];
      expect(ofJob.map((item) => item.fullName)).toEqual(['Filter Gus']);
      const everyJob = (await t.http.get('/api/jobs/applications?question=nda&answer=yes&q=Filter').set(auth).expect(200)).body
        .applications as JobApplication[];
      expect(everyJob.map((item) => item.fullName)).toEqual(['Filter Fay']);
      const lines = (await download(`/api/jobs/applications/export.csv?job=${jobId}&question=nda&answer=no`)).filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('"Filter Gus"');
    });

    it('refuses half a filter, or a question that is no id, with 400 and a message at the parameter to fix', async () => {
      const refused = async (url: string) => (await t.http.get(url).set(auth).expect(400)).body as { message: string; errors: Record<string, string> };
      const answerMissing = 'answer must be given with question: one of its options, or yes or no for a yes/no question';
      const questionMissing = 'question must be given with answer: the id of the choice question answered';
      expect(await refused('/api/leads?question=size')).toEqual({ success: false, message: answerMissing, errors: { answer: answerMissing } });
      expect((await refused('/api/contacts?answer=yes')).errors).toEqual({ question: questionMissing });
      expect((await refused(`/api/jobs/applications/${jobId}?question=size&answer=`)).errors).toEqual({ answer: answerMissing });
      expect((await refused('/api/jobs/applications?question=Company%20size&answer=Small')).errors).toEqual({
        question: "question must be a question's id: lower-case letters, digits and hyphens, at most 40",
      });
      expect((await refused(`/api/leads/export.csv?question=size&answer=${'x'.repeat(101)}`)).errors).toEqual({
        answer: 'answer must be at most 100 characters: one of the options of the question',
      });
      expect((await refused(`/api/jobs/applications/export.csv?job=${jobId}&answer=no`)).errors).toEqual({ question: questionMissing });
    });
  });

  describe('the retention purge', () => {
    it('removes the answers with their item: nothing of them remains', async () => {
      const marker = 'marmalade-zeppelin-8812';
      await setFormQuestions('contact', [CONSENT, { id: 'topic', label: 'Topic', type: 'text', required: false }]);
      await t.http
        .post('/api/contacts')
        .send({ name: 'Purged Pete', email: 'pete@example.com', department: 'general', message: 'Hello', answers: { consent: true, topic: `About ${marker}` } })
        .expect(201);
      expect(await columnsHolding(db, marker)).toEqual(['contacts.answers']);
      // Past every inbox's retention (RETENTION_DEFAULT_DAYS).
      await t.app.get(RetentionPurge).purge(new Date(Date.now() + 800 * DAY_MS));
      expect(await columnsHolding(db, marker)).toEqual([]);
    });
  });
});
