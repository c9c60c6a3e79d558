// PostgreSQL pass, engine blocks: scheduled candidate mails sent once by two instances; bulk changes lock their rows.
import fs from 'node:fs';
import path from 'node:path';
import { BULK_APPLICATIONS_MAX, MESSAGES, required, type CandidateEmailTemplate, type PipelineColumn, type TimelineEvent } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { dataUrl } from './fixtures/resume-samples';
import { readMessageFile } from './mail-message';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import { createTestApp, describeEngineDependent, describeOnPostgres, TEST_ADMIN, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RESUME_PDF = fs.readFileSync(path.join(__dirname, 'fixtures', 'resume.pdf'));
const RECRUITER = { email: 'rita.recruiter@example.test', password: 'recruiter-password-1' };
// The name signInInvitedAdmin gives an invited admin.
const RECRUITER_NAME = 'The recruiter';
const RECRUITER_TWO = { email: 'rob.recruiter@example.test', password: 'recruiter-password-2' };
const SALES = { email: 'sam.sales@example.test', password: 'sales-person-password-1' };
const REJECTION_TEMPLATE_ID = '6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a03';
const INTERVIEW_TEMPLATE_ID = '6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a02';
// A text that uses the booking link (no seeded template does: decision 067).
const BOOKING_TEXT = {
  subject: 'Interview for {{jobTitle}} at {{companyName}}',
  body: 'Hello {{firstName}},\n\nPlease choose a time that suits you: {{bookingLink}}\n\nKind regards,\nThe {{companyName}} hiring team',
};
// A name an applicant may type to have our mail carry their link to someone else's address.
const PHISHING_NAME = 'https://brightwave-careers.example/verify-identity Smith';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

async function rowsOf(t: TestApp, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = await t.app.get<symbol, Database>(DATABASE).execute(query);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function postJob(t: TestApp, token: string, title = 'Data Engineer'): Promise<string> {
  const job = await t.http
    .post('/api/jobs/admin')
    .set(bearer(token))
    .send({ title, department: 'engineering', location: 'remote', type: 'full-time', experience: '3+ years', description: 'Pipelines.', requirements: ['SQL'] })
    .expect(201);
  return job.body.data._id as string;
}

async function apply(t: TestApp, jobId: string, fullName: string, email: string): Promise<string> {
  const response = await t.http
    .post('/api/jobs/apply')
    .send({ job: jobId, fullName, email, phone: '+15551234567', experience: '3 years', resume: dataUrl(RESUME_PDF), isResumeBase64: true })
    .expect(201);
  return response.body.data._id as string;
}

/** The development outbox's mails to `address` whose subject starts with `prefix`. */
function outboxMailsTo(t: TestApp, address: string, prefix: string) {
  return t
    .outbox()
    .map(readMessageFile)
    .filter((mail) => mail.headers.to?.includes(address) && mail.subject.startsWith(prefix));
}

describe('Hiring: ratings, candidate e-mails from templates, bulk changes and the pipeline board', () => {
  let t: TestApp;
  let owner: string;
  let recruiter: string;
  let recruiterTwo: string;
  let sales: string;
  let jobId: string;

  beforeAll(async () => {
    t = await createTestApp({ NOTIFY_TO: 'staff@example.test', MAIL_FROM: 'Brightwave Technologies <no-reply@brightwave.test>' });
    owner = await loginAsAdmin(t);
    recruiter = await signInInvitedAdmin(t, owner, 'recruiter', RECRUITER);
    recruiterTwo = await signInInvitedAdmin(t, owner, 'recruiter', RECRUITER_TWO);
    sales = await signInInvitedAdmin(t, owner, 'sales', SALES);
    jobId = await postJob(t, owner);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  describe('ratings', () => {
    it('keeps one rating per admin (a second replaces the first) and answers the average', async () => {
      const id = await apply(t, jobId, 'Ann Lee', 'ann.rated@example.com');
      const first = await t.http.put(`/api/jobs/applications/${id}/rating`).set(bearer(recruiter)).send({ score: 4, comment: 'Great SQL' }).expect(200);
      expect(first.body).toMatchObject({ success: true, message: MESSAGES.ratingSaved, data: { average: 4 } });
      await t.http.put(`/api/jobs/applications/${id}/rating`).set(bearer(recruiterTwo)).send({ score: 1 }).expect(200);
      const replaced = await t.http.put(`/api/jobs/applications/${id}/rating`).set(bearer(recruiter)).send({ score: 3, comment: 'Good SQL' }).expect(200);
      expect(replaced.body.data.average).toBe(2);
      expect(replaced.body.data.ratings).toHaveLength(2);
      expect(replaced.body.data.ratings[0]).toEqual({
        author: { _id: expect.any(String), name: RECRUITER_NAME },
        score: 3,
        comment: 'Good SQL',
        updatedAt: expect.any(String),
      });
      const read = await t.http.get(`/api/jobs/applications/${id}/ratings`).set(bearer(owner)).expect(200);
      expect(read.body.data).toEqual(replaced.body.data);
      const stored = await rowsOf(t, sql`select count(*)::int as n from application_ratings where application_id = ${id}`);
      expect(stored[0]?.n).toBe(2);
    });

    it('refuses a bad score or a long comment with a message, and stores nothing', async () => {
      const id = await apply(t, jobId, 'Ben Bad', 'ben.bad@example.com');
      for (const score of [0, 5, 2.5, '3', null]) {
        const response = await t.http.put(`/api/jobs/applications/${id}/rating`).set(bearer(recruiter)).send({ score }).expect(400);
        expect(response.body.errors.score).toBe(MESSAGES.ratingScoreInvalid);
      }
      const long = await t.http
        .put(`/api/jobs/applications/${id}/rating`)
        .set(bearer(recruiter))
        .send({ score: 3, comment: 'x'.repeat(2001) })
        .expect(400);
      expect(long.body.errors.comment).toBe(MESSAGES.ratingCommentTooLong);
      await t.http
        .put(`/api/jobs/applications/${id}/rating`)
        .set(bearer(recruiter))
        .send({ score: 3, comment: 'x'.repeat(2000) })
        .expect(200);
      expect((await t.http.put(`/api/jobs/applications/${UNKNOWN_ID}/rating`).set(bearer(recruiter)).send({ score: 3 }).expect(404)).body.message).toBe(
        MESSAGES.applicationNotFound,
      );
      const stored = await rowsOf(t, sql`select count(*)::int as n from application_ratings where application_id = ${id}`);
      expect(stored[0]?.n).toBe(1);
    });

    it('keeps ratings to the roles that see applications, and out of candidate-facing and list payloads', async () => {
      const id = await apply(t, jobId, 'Cleo Secret', 'cleo.secret@example.com');
      await t.http.put(`/api/jobs/applications/${id}/rating`).set(bearer(sales)).send({ score: 4 }).expect(403);
      await t.http.get(`/api/jobs/applications/${id}/ratings`).set(bearer(sales)).expect(403);
      await t.http.put(`/api/jobs/applications/${id}/rating`).expect(401);
      await t.http.put(`/api/jobs/applications/${id}/rating`).set(bearer(recruiter)).send({ score: 1, comment: 'SECRET-RATING-REMARK' }).expect(200);
      const list = await t.http.get(`/api/jobs/applications/${jobId}`).set(bearer(recruiter)).expect(200);
      expect(JSON.stringify(list.body)).not.toContain('SECRET-RATING-REMARK');
      await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).send({ templateId: REJECTION_TEMPLATE_ID }).expect(201);
      await pollUntil(() => (outboxMailsTo(t, 'cleo.secret@example.com', 'Your application').length > 0 ? true : undefined), { what: 'the rejection mail' });
      for (const file of t.outbox()) expect(fs.readFileSync(file, 'utf8')).not.toContain('SECRET-RATING-REMARK');
      const payloads = await rowsOf(t, sql`select payload::text as payload from deliveries where subject_id = ${id} and payload is not null`);
      for (const row of payloads) expect(String(row.payload)).not.toContain('SECRET-RATING-REMARK');
      const audit = await rowsOf(t, sql`select details::text as details from audit_entries where action = 'application.rated' and target_id = ${id}`);
      expect(audit).toHaveLength(1);
      expect(String(audit[0]?.details)).not.toContain('SECRET-RATING-REMARK');
    });
  });

  describe('templates and settings', () => {
    it('starts with the three templates, the kind rejection offered for rejections, and no booking link', async () => {
      const response = await t.http.get('/api/admin/settings/candidate-emails').set(bearer(recruiter)).expect(200);
      const names = (response.body.templates as CandidateEmailTemplate[]).map((template) => template.name);
      expect(names).toEqual(['Application received', 'Interview invitation', 'Kind rejection']);
      expect(response.body.settings).toEqual({ bookingLink: null, rejectionTemplateId: REJECTION_TEMPLATE_ID });
      await t.http.get('/api/admin/settings/candidate-emails').set(bearer(sales)).expect(403);
    });

    it('on a new install, every seeded template can be previewed and sent as it is, with no setting made first', async () => {
      const { templates, settings } = (await t.http.get('/api/admin/settings/candidate-emails').set(bearer(recruiter)).expect(200)).body as {
        templates: CandidateEmailTemplate[];
        settings: { bookingLink: string | null };
      };
      expect(settings.bookingLink).toBeNull();
      expect(templates).toHaveLength(3);
      for (const [index, template] of templates.entries()) {
        const address = `seeded.${index}@example.com`;
        const id = await apply(t, jobId, 'Nia Seeded', address);
        const preview = (await t.http.post(`/api/jobs/applications/${id}/emails/preview`).set(bearer(recruiter)).send({ templateId: template._id }).expect(200))
          .body.preview as { subject: string; text: string; html: string };
        expect(preview.text).toMatch(/^Hello Nia,\n\n/);
        expect(`${preview.subject}\n${preview.text}`).not.toContain('{{');
        await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).send({ templateId: template._id }).expect(201);
        const [mail] = await pollUntil(
          () => {
            const found = outboxMailsTo(t, address, '');
            return found.length > 0 ? found : undefined;
          },
          { what: `the mail of the template ${template.name}` },
        );
        expect({ subject: mail?.subject, text: mail?.text, html: mail?.html }).toEqual(preview);
      }
      const invitation = templates.find((template) => template._id === INTERVIEW_TEMPLATE_ID);
      expect(invitation?.body).toContain('Please reply to this e-mail with a few days and times that suit you');
    });

    it('refuses unknown placeholders per field, a blank name and a taken name; saves, changes and deletes', async () => {
      const bad = await t.http
        .post('/api/admin/settings/candidate-emails/templates')
        .set(bearer(recruiter))
        .send({ name: 'Offer', subject: 'Hi {{firstname}}', body: 'Dear {{ fullName }}, {{salary}} and {{salary}}' })
        .expect(400);
      expect(bad.body.errors.subject).toBe(
        'Unknown placeholder {{firstname}}: use only {{firstName}}, {{fullName}}, {{jobTitle}}, {{companyName}}, {{bookingLink}}, {{schedulingLink}}',
      );
      expect(bad.body.errors.body).toMatch(/^Unknown placeholder \{\{salary\}\}:/);
      await t.http.post('/api/admin/settings/candidate-emails/templates').set(bearer(recruiter)).send({ name: ' ', subject: 'A', body: 'B' }).expect(400);
      const taken = await t.http
        .post('/api/admin/settings/candidate-emails/templates')
        .set(bearer(recruiter))
        .send({ name: 'kind REJECTION', subject: 'A', body: 'B' })
        .expect(409);
      expect(taken.body.errors.name).toBe(MESSAGES.templateNameTaken);
      const created = await t.http
        .post('/api/admin/settings/candidate-emails/templates')
        .set(bearer(recruiter))
        .send({ name: 'Offer', subject: 'An offer for {{jobTitle}}', body: 'Dear {{ fullName }}, welcome.' })
        .expect(201);
      expect(created.body).toMatchObject({ message: MESSAGES.templateSaved, data: { name: 'Offer', subject: 'An offer for {{jobTitle}}' } });
      const id = created.body.data._id as string;
      await t.http
        .put(`/api/admin/settings/candidate-emails/templates/${id}`)
        .set(bearer(owner))
        .send({ name: 'Offer letter', subject: 'S', body: 'B' })
        .expect(200);
      await t.http
        .put(`/api/admin/settings/candidate-emails/templates/${UNKNOWN_ID}`)
        .set(bearer(owner))
        .send({ name: 'X', subject: 'S', body: 'B' })
        .expect(404);
      await t.http.delete(`/api/admin/settings/candidate-emails/templates/${id}`).set(bearer(recruiter)).expect(200);
      await t.http.delete(`/api/admin/settings/candidate-emails/templates/${id}`).set(bearer(recruiter)).expect(404);
      const actions = await rowsOf(t, sql`select action from audit_entries where target_id = ${id} order by created_at`);
      expect(actions.map((row) => row.action)).toEqual(['candidate_template.created', 'candidate_template.updated', 'candidate_template.deleted']);
    });

    it('saves an https booking link and refuses anything else; a deleted rejection template is no longer offered', async () => {
      for (const bookingLink of ['http://cal.com/rita', 'javascript:alert(1)', 'cal.com/rita', 'https://cal.com/{{fullName}}', 42]) {
        const response = await t.http
          .put('/api/admin/settings/candidate-emails')
          .set(bearer(recruiter))
          .send({ bookingLink, rejectionTemplateId: REJECTION_TEMPLATE_ID })
          .expect(400);
        expect(response.body.errors.bookingLink).toBe(MESSAGES.bookingLinkInvalid);
      }
      await t.http.put('/api/admin/settings/candidate-emails').set(bearer(recruiter)).send({ bookingLink: null, rejectionTemplateId: UNKNOWN_ID }).expect(400);
      const temporary = await t.http
        .post('/api/admin/settings/candidate-emails/templates')
        .set(bearer(recruiter))
        .send({ name: 'Short no', subject: 'No', body: 'No, {{firstName}}.' })
        .expect(201);
      await t.http
        .put('/api/admin/settings/candidate-emails')
        .set(bearer(recruiter))
        .send({ bookingLink: 'https://cal.com/rita', rejectionTemplateId: temporary.body.data._id })
        .expect(200);
      await t.http.delete(`/api/admin/settings/candidate-emails/templates/${temporary.body.data._id}`).set(bearer(recruiter)).expect(200);
      const after = await t.http.get('/api/admin/settings/candidate-emails').set(bearer(recruiter)).expect(200);
      expect(after.body.settings).toEqual({ bookingLink: 'https://cal.com/rita', rejectionTemplateId: null });
      await t.http
        .put('/api/admin/settings/candidate-emails')
        .set(bearer(recruiter))
        .send({ bookingLink: 'https://cal.com/rita', rejectionTemplateId: REJECTION_TEMPLATE_ID })
        .expect(200);
    });
  });

  describe('an upgrade (migration 0017)', () => {
    const SEEDED_BODY =
      'Hello {{firstName}},\n\nThank you for your application for {{jobTitle}}. We enjoyed reading it and would like to invite you to an interview.' +
      '\n\nPlease choose a time that suits you: {{bookingLink}}\n\nKind regards,\nThe {{companyName}} hiring team';
    const invitationBody = async () => (await rowsOf(t, sql`select body from candidate_email_templates where id = ${INTERVIEW_TEMPLATE_ID}`))[0]?.body;
    const setBody = (body: string) => rowsOf(t, sql`update candidate_email_templates set body = ${body} where id = ${INTERVIEW_TEMPLATE_ID}`);
    const setLink = (bookingLink: string | null) =>
      t.http.put('/api/admin/settings/candidate-emails').set(bearer(recruiter)).send({ bookingLink, rejectionTemplateId: REJECTION_TEMPLATE_ID }).expect(200);
    async function migrate() {
      const migration = fs.readFileSync(path.join(__dirname, '..', 'drizzle', '0017_seeded_invitation_asks_for_a_reply.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await rowsOf(t, sql.raw(statement));
    }

    it('replaces the seeded invitation that needs a booking link while none is set, on the audit log; keeps an edited one or one with a link set', async () => {
      const asInstalled = await invitationBody();
      await setBody(SEEDED_BODY);
      await setLink('https://cal.com/rita');
      await migrate();
      expect(await invitationBody()).toBe(SEEDED_BODY);

      await setLink(null);
      const edited = SEEDED_BODY.replace('Kind regards', 'Best wishes');
      await setBody(edited);
      await migrate();
      expect(await invitationBody()).toBe(edited);

      await setBody(SEEDED_BODY);
      await migrate();
      expect(await invitationBody()).toBe(asInstalled);
      const entries = await rowsOf(
        t,
        sql`select actor, details from audit_entries where action = 'candidate_template.updated' and target_id = ${INTERVIEW_TEMPLATE_ID}`,
      );
      expect(entries).toEqual([{ actor: 'system', details: { name: 'Interview invitation', because: 'no_booking_link' } }]);
    });
  });

  describe('candidate e-mails', () => {
    // A template of the staff's own that links the booking page.
    let bookingTemplateId: string;
    beforeAll(async () => {
      const created = await t.http
        .post('/api/admin/settings/candidate-emails/templates')
        .set(bearer(recruiter))
        .send({ name: 'Interview with a booking link', ...BOOKING_TEXT })
        .expect(201);
      bookingTemplateId = created.body.data._id as string;
    });

    it('sends a template now: placeholders filled, escaped in HTML, the recruiter as Reply-To, on the timeline', async () => {
      await t.http
        .put('/api/admin/settings/candidate-emails')
        .set(bearer(recruiter))
        .send({ bookingLink: 'https://cal.com/rita', rejectionTemplateId: REJECTION_TEMPLATE_ID })
        .expect(200);
      const id = await apply(t, jobId, 'Dana <b>Bold</b> {{bookingLink}}', 'dana.bold@example.com');
      const sent = await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).send({ templateId: bookingTemplateId }).expect(201);
      expect(sent.body).toMatchObject({ success: true, message: MESSAGES.candidateEmailQueued, data: { _id: expect.any(String), status: 'queued' } });
      const [mail] = await pollUntil(
        () => {
          const found = outboxMailsTo(t, 'dana.bold@example.com', 'Interview for');
          return found.length > 0 ? found : undefined;
        },
        { what: 'the interview mail' },
      );
      const message = required(mail, 'the interview mail');
      expect(message.subject).toBe('Interview for Data Engineer at Brightwave Technologies');
      expect(message.headers['reply-to']).toContain(RECRUITER.email);
      // Markup in a name makes it no plain name: the greeting goes without it.
      expect(message.text).toMatch(/^Hello,\n\n/);
      expect(message.text).toContain('Please choose a time that suits you: https://cal.com/rita');
      expect(message.html).toContain('<a href="https://cal.com/rita">https://cal.com/rita</a>');
      expect(message.html).not.toContain('<b>Bold</b>');
      const emails = await t.http.get(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).expect(200);
      await pollUntil(
        async () => {
          const list = (await t.http.get(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter))).body.emails as { status: string }[];
          return list[0]?.status === 'sent' ? true : undefined;
        },
        { what: 'the mail marked sent' },
      );
      expect(emails.body.emails[0]).toMatchObject({ subject: 'Interview for {{jobTitle}} at {{companyName}}', sentBy: { name: RECRUITER_NAME } });
      const timeline = (await t.http.get(`/api/jobs/applications/${id}/timeline`).set(bearer(recruiter)).expect(200)).body.events as TimelineEvent[];
      expect(timeline.find((event) => event.type === 'mail_queued' && event.detail.includes('"Interview for'))).toMatchObject({ actor: RECRUITER_NAME });
      expect(timeline.some((event) => event.type === 'mail_sent')).toBe(true);
    });

    it('schedules, cancels while scheduled, and answers 409 once it is no longer scheduled', async () => {
      const id = await apply(t, jobId, 'Eve Later', 'eve.later@example.com');
      const sendAt = inMs(3600_000);
      const scheduled = await t.http
        .post(`/api/jobs/applications/${id}/emails`)
        .set(bearer(recruiter))
        .send({ subject: 'Next steps for {{jobTitle}}', body: 'Hello {{firstName}}, more soon.', sendAt })
        .expect(201);
      expect(scheduled.body).toMatchObject({ message: MESSAGES.candidateEmailScheduled, data: { status: 'scheduled', sendAt } });
      const emailId = scheduled.body.data._id as string;
      const deliveries = await t.http.get('/api/admin/deliveries').set(bearer(owner)).expect(200);
      expect(deliveries.body.deliveries.find((row: { _id: string }) => row._id === emailId)).toMatchObject({
        status: 'scheduled',
        sendAt,
        topic: 'application.candidate',
      });
      await t.http.delete(`/api/jobs/applications/${id}/emails/${emailId}`).set(bearer(recruiter)).expect(200);
      const again = await t.http.delete(`/api/jobs/applications/${id}/emails/${emailId}`).set(bearer(recruiter)).expect(409);
      expect(again.body.message).toBe(MESSAGES.candidateEmailNotCancellable);
      await t.http.delete(`/api/jobs/applications/${id}/emails/${UNKNOWN_ID}`).set(bearer(recruiter)).expect(404);
      const list = (await t.http.get(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).expect(200)).body.emails;
      expect(list[0]).toMatchObject({ status: 'cancelled' });
      const now = await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).send({ templateId: REJECTION_TEMPLATE_ID }).expect(201);
      await pollUntil(() => (outboxMailsTo(t, 'eve.later@example.com', 'Your application').length > 0 ? true : undefined), { what: 'the mail' });
      await pollUntil(
        async () => {
          const rows = await rowsOf(t, sql`select status from deliveries where id = ${now.body.data._id}`);
          return rows[0]?.status === 'sent' ? true : undefined;
        },
        { what: 'the mail marked sent' },
      );
      await t.http.delete(`/api/jobs/applications/${id}/emails/${now.body.data._id}`).set(bearer(recruiter)).expect(409);
      const timeline = (await t.http.get(`/api/jobs/applications/${id}/timeline`).set(bearer(recruiter)).expect(200)).body.events as TimelineEvent[];
      expect(timeline.map((event) => event.type)).toEqual(expect.arrayContaining(['mail_scheduled', 'mail_cancelled', 'mail_queued', 'mail_sent']));
    });

    it('sends a scheduled mail once its time has come, not before', async () => {
      const id = await apply(t, jobId, 'Finn Timer', 'finn.timer@example.com');
      const sendAt = inMs(1500);
      await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).send({ templateId: REJECTION_TEMPLATE_ID, sendAt }).expect(201);
      await pollUntil(() => (outboxMailsTo(t, 'finn.timer@example.com', 'Your application').length > 0 ? true : undefined), { what: 'the scheduled mail' });
      // The mail is written before its row is marked sent (a loaded machine showed the gap).
      const sentRows = () => rowsOf(t, sql`select sent_at from deliveries where subject_id = ${id} and topic = 'application.candidate' and status = 'sent'`);
      await pollUntil(async () => ((await sentRows()).length > 0 ? true : undefined), { what: 'the scheduled mail marked sent' });
      const rows = await sentRows();
      expect(rows).toHaveLength(1);
      expect(new Date(String(rows[0]?.sent_at)).getTime()).toBeGreaterThanOrEqual(Date.parse(sendAt));
    });

    it('refuses what cannot be sent, with a message per field, and queues nothing', async () => {
      const id = await apply(t, jobId, 'Gil Guard', 'gil.guard@example.com');
      const cases: [object, string, string][] = [
        [{}, 'subject', MESSAGES.candidateEmailNeedsText],
        [{ subject: 'Hi', body: '  ' }, 'body', MESSAGES.candidateEmailNeedsText],
        [
          { subject: 'Hi {{salary}}', body: 'B' },
          'subject',
          'Unknown placeholder {{salary}}: use only {{firstName}}, {{fullName}}, {{jobTitle}}, {{companyName}}, {{bookingLink}}, {{schedulingLink}}',
        ],
        [{ templateId: UNKNOWN_ID }, 'templateId', MESSAGES.templateNotFound],
        [{ templateId: 'nope' }, 'templateId', MESSAGES.templateNotFound],
        [{ subject: 'Hi', body: 'B', sendAt: inMs(400 * 86_400_000) }, 'sendAt', MESSAGES.candidateEmailSendAtInvalid],
        [{ subject: 'Hi', body: 'B', sendAt: '2026-13-01T10:00:00Z' }, 'sendAt', MESSAGES.candidateEmailSendAtInvalid],
        [{ subject: 'Hi', body: 'B', sendAt: '2026-12-01' }, 'sendAt', MESSAGES.candidateEmailSendAtInvalid],
      ];
      for (const [body, field, message] of cases) {
        const response = await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).send(body).expect(400);
        expect(response.body.errors[field]).toBe(message);
      }
      await t.http.post(`/api/jobs/applications/${UNKNOWN_ID}/emails`).set(bearer(recruiter)).send({ templateId: REJECTION_TEMPLATE_ID }).expect(404);
      await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(sales)).send({ templateId: REJECTION_TEMPLATE_ID }).expect(403);
      const rows = await rowsOf(t, sql`select count(*)::int as n from deliveries where subject_id = ${id} and topic = 'application.candidate'`);
      expect(rows[0]?.n).toBe(0);
    });

    it('refuses {{bookingLink}} while no booking link is set', async () => {
      const id = await apply(t, jobId, 'Hana Hook', 'hana.hook@example.com');
      await t.http
        .put('/api/admin/settings/candidate-emails')
        .set(bearer(recruiter))
        .send({ bookingLink: null, rejectionTemplateId: REJECTION_TEMPLATE_ID })
        .expect(200);
      const refused = await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).send({ templateId: bookingTemplateId }).expect(400);
      expect(refused.body.message).toBe(MESSAGES.bookingLinkMissing);
      await t.http.post(`/api/jobs/applications/${id}/emails/preview`).set(bearer(recruiter)).send({ templateId: bookingTemplateId }).expect(400);
      // The seeded invitation needs no link.
      await t.http.post(`/api/jobs/applications/${id}/emails/preview`).set(bearer(recruiter)).send({ templateId: INTERVIEW_TEMPLATE_ID }).expect(200);
      await t.http
        .put('/api/admin/settings/candidate-emails')
        .set(bearer(recruiter))
        .send({ bookingLink: 'https://cal.com/rita', rejectionTemplateId: REJECTION_TEMPLATE_ID })
        .expect(200);
    });

    it('previews the mail as the candidate would read it, sending nothing', async () => {
      const id = await apply(t, jobId, 'Ivy Preview', 'ivy.preview@example.com');
      const response = await t.http
        .post(`/api/jobs/applications/${id}/emails/preview`)
        .set(bearer(recruiter))
        .send({ subject: 'About {{jobTitle}}', body: 'Hello {{firstName}} ({{fullName}}), from {{companyName}}.' })
        .expect(200);
      expect(response.body.preview).toMatchObject({
        subject: 'About Data Engineer',
        text: 'Hello Ivy (Ivy Preview), from Brightwave Technologies.',
      });
      expect(response.body.preview.html).toContain('<!DOCTYPE html>');
      const rows = await rowsOf(t, sql`select count(*)::int as n from deliveries where subject_id = ${id} and topic = 'application.candidate'`);
      expect(rows[0]?.n).toBe(0);
    });
  });

  describeEngineDependent('bulk changes', () => {
    it('rejects three applicants with the rejection scheduled 48 hours later, all in one go', async () => {
      const ids = await Promise.all(['Jo One', 'Jo Two', 'Jo Three'].map((name, index) => apply(t, jobId, name, `jo.${index}@example.com`)));
      const sendAt = inMs(48 * 3600_000);
      const response = await t.http
        .post('/api/jobs/applications/bulk')
        .set(bearer(recruiter))
        .send({ ids, status: 'rejected', templateId: REJECTION_TEMPLATE_ID, sendAt })
        .expect(200);
      expect(response.body).toEqual({ success: true, message: MESSAGES.bulkUpdated, updated: 3, scheduled: 3 });
      const rows = await rowsOf(
        t,
        sql`select status from job_applications where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(rows.map((row) => row.status)).toEqual(['rejected', 'rejected', 'rejected']);
      for (const id of ids) {
        const emails = (await t.http.get(`/api/jobs/applications/${id}/emails`).set(bearer(recruiter)).expect(200)).body.emails;
        expect(emails).toEqual([expect.objectContaining({ status: 'scheduled', sendAt, subject: 'Your application for {{jobTitle}}' })]);
      }
      const audit = await rowsOf(
        t,
        sql`select count(*)::int as n from audit_entries where action = 'application.status_changed' and target_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(audit[0]?.n).toBe(3);
      // Again: nothing changes status, and no template means no mail.
      const again = await t.http.post('/api/jobs/applications/bulk').set(bearer(recruiter)).send({ ids, status: 'rejected' }).expect(200);
      expect(again.body).toMatchObject({ updated: 0, scheduled: 0 });
    });

    it('changes nothing when one id is unknown, and refuses bad lists', async () => {
      const id = await apply(t, jobId, 'Kai Keep', 'kai.keep@example.com');
      const missing = await t.http
        .post('/api/jobs/applications/bulk')
        .set(bearer(recruiter))
        .send({ ids: [id, UNKNOWN_ID], status: 'hired', templateId: REJECTION_TEMPLATE_ID })
        .expect(404);
      expect(missing.body.message).toBe(MESSAGES.bulkApplicationMissing);
      const rows = await rowsOf(t, sql`select status from job_applications where id = ${id}`);
      expect(rows[0]?.status).toBe('pending');
      const mails = await rowsOf(t, sql`select count(*)::int as n from deliveries where subject_id = ${id} and topic = 'application.candidate'`);
      expect(mails[0]?.n).toBe(0);
      const tooMany = Array.from({ length: BULK_APPLICATIONS_MAX + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
      for (const ids of [[], [id, id], ['nope'], tooMany, 'x']) {
        const response = await t.http.post('/api/jobs/applications/bulk').set(bearer(recruiter)).send({ ids, status: 'hired' }).expect(400);
        expect(response.body.errors.ids).toBe(MESSAGES.bulkIdsInvalid);
      }
      await t.http
        .post('/api/jobs/applications/bulk')
        .set(bearer(recruiter))
        .send({ ids: [id], status: 'archived' })
        .expect(400);
      await t.http
        .post('/api/jobs/applications/bulk')
        .set(bearer(sales))
        .send({ ids: [id], status: 'hired' })
        .expect(403);
    });

    it('sends a bulk rejection to an applicant named like a web address with no link and nothing of the name', async () => {
      const id = await apply(t, jobId, PHISHING_NAME, 'victim@example.com');
      const response = await t.http
        .post('/api/jobs/applications/bulk')
        .set(bearer(recruiter))
        .send({ ids: [id], status: 'rejected', templateId: REJECTION_TEMPLATE_ID, sendAt: null })
        .expect(200);
      expect(response.body).toMatchObject({ updated: 1, scheduled: 1 });
      const [mail] = await pollUntil(
        () => {
          const found = outboxMailsTo(t, 'victim@example.com', 'Your application');
          return found.length > 0 ? found : undefined;
        },
        { what: 'the rejection' },
      );
      const message = required(mail, 'the rejection');
      expect(message.subject).toBe('Your application for Data Engineer');
      expect(message.text).toMatch(/^Hello,\n\nThank you for your interest in Data Engineer at Brightwave Technologies/);
      expect(message.html).toContain('<p>Hello,</p>');
      expect(message.html).not.toContain('<a');
      for (const part of [message.subject, message.text, message.html]) {
        for (const word of ['http', 'brightwave-careers', 'verify-identity', 'Smith']) expect(part).not.toContain(word);
      }
    });
  });

  describe('pipeline board', () => {
    it("answers a column per status with counts, owners, ratings, the time of the last status change and a card's scheduled mail", async () => {
      const board = await postJob(t, owner, 'Board Job');
      const ids = await Promise.all(['Lia A', 'Lia B', 'Lia C'].map((name, index) => apply(t, board, name, `lia.${index}@example.com`)));
      const [first, second, third] = ids as [string, string, string];
      await t.http.put(`/api/jobs/applications/${first}/status`).set(bearer(recruiter)).send({ status: 'shortlisted' }).expect(200);
      const sendAt = inMs(48 * 3_600_000);
      await t.http
        .post('/api/jobs/applications/bulk')
        .set(bearer(recruiter))
        .send({ ids: [third], status: 'rejected', templateId: REJECTION_TEMPLATE_ID, sendAt })
        .expect(200);
      await t.http.put(`/api/jobs/applications/${first}/rating`).set(bearer(recruiter)).send({ score: 4 }).expect(200);
      await t.http.put(`/api/jobs/applications/${first}/rating`).set(bearer(owner)).send({ score: 3 }).expect(200);
      await t.http.patch(`/api/jobs/applications/${second}/owner`).set(bearer(owner)).send({ ownerId: null }).expect(200);
      const response = await t.http.get(`/api/jobs/admin/${board}/pipeline`).set(bearer(recruiter)).expect(200);
      const columns = response.body.columns as PipelineColumn[];
      expect(response.body.job).toMatchObject({ _id: board, title: 'Board Job' });
      expect(columns.map((column) => [column.status, column.total])).toEqual([
        ['pending', 1],
        ['reviewed', 0],
        ['shortlisted', 1],
        ['rejected', 1],
        ['hired', 0],
      ]);
      const card = required(columns[2]?.cards[0], 'the shortlisted card');
      expect(card).toMatchObject({ _id: first, fullName: 'Lia A', average: 3.5, ratingCount: 2, owner: null, scheduledEmail: null, knockout: null });
      expect(Date.parse(card.statusChangedAt)).toBeGreaterThan(Date.parse(card.createdAt));
      expect(columns[0]?.cards.every((pending) => pending.statusChangedAt === pending.createdAt && pending.average === null)).toBe(true);
      // A rejected card shows its scheduled rejection mail until it is cancelled.
      const rejected = required(columns[3]?.cards[0], 'the rejected card');
      const mail = rejected.scheduledEmail;
      if (!mail) throw new Error('Expected the scheduled rejection mail on the rejected card');
      expect(mail.sendAt).toBe(sendAt);
      expect(mail.subject).toContain('{{jobTitle}}');
      await t.http.delete(`/api/jobs/applications/${third}/emails/${mail._id}`).set(bearer(recruiter)).expect(200);
      const after = (await t.http.get(`/api/jobs/admin/${board}/pipeline`).set(bearer(recruiter)).expect(200)).body.columns as PipelineColumn[];
      expect(after[3]?.cards[0]?.scheduledEmail).toBeNull();
      await t.http.get(`/api/jobs/admin/${UNKNOWN_ID}/pipeline`).set(bearer(recruiter)).expect(404);
      await t.http.get(`/api/jobs/admin/${board}/pipeline`).set(bearer(sales)).expect(403);
    });
  });

  describe('privacy', () => {
    it('exports the ratings and candidate mails of an address, and an erasure removes them (a scheduled mail never goes)', async () => {
      const id = await apply(t, jobId, 'Mo Private', 'mo.private@example.com');
      await t.http.put(`/api/jobs/applications/${id}/rating`).set(bearer(recruiter)).send({ score: 2, comment: 'Hmm' }).expect(200);
      await t.http
        .post(`/api/jobs/applications/${id}/emails`)
        .set(bearer(recruiter))
        .send({ templateId: REJECTION_TEMPLATE_ID, sendAt: inMs(3600_000) })
        .expect(201);
      const lookup = await t.http.post('/api/admin/privacy/lookup').set(bearer(owner)).send({ email: 'mo.private@example.com' }).expect(200);
      expect(lookup.body.data.ratings).toEqual([{ applicationId: id, score: 2, comment: 'Hmm', author: RECRUITER_NAME, updatedAt: expect.any(String) }]);
      expect(lookup.body.data.candidateEmails).toEqual([
        expect.objectContaining({ applicationId: id, subject: 'Your application for {{jobTitle}}', status: 'scheduled' }),
      ]);
      await t.http.post('/api/admin/privacy/erase').set(bearer(owner)).send({ email: 'mo.private@example.com' }).expect(200);
      const left = await rowsOf(
        t,
        sql`select (select count(*)::int from application_ratings where application_id = ${id}) as ratings,
                   (select count(*)::int from deliveries where subject_id = ${id}) as mails`,
      );
      expect(left[0]).toEqual({ ratings: 0, mails: 0 });
    });
  });

  describe('deleting a job', () => {
    it('removes the mails to its candidates not sent yet (pending or scheduled): none goes out, none stays on Deliveries; sent ones stay', async () => {
      const doomed = await postJob(t, owner, 'Doomed Job');
      const [first, second] = [await apply(t, doomed, 'Ida Gone', 'ida.gone@example.com'), await apply(t, doomed, 'Jo Gone', 'jo.gone@example.com')];
      const scheduled = await t.http
        .post(`/api/jobs/applications/${first}/emails`)
        .set(bearer(recruiter))
        .send({ templateId: REJECTION_TEMPLATE_ID, sendAt: inMs(1500) })
        .expect(201);
      const sent = await t.http.post(`/api/jobs/applications/${second}/emails`).set(bearer(recruiter)).send({ templateId: REJECTION_TEMPLATE_ID }).expect(201);
      await pollUntil(
        async () => ((await rowsOf(t, sql`select status from deliveries where id = ${sent.body.data._id}`))[0]?.status === 'sent' ? true : undefined),
        { what: 'the mail sent' },
      );
      // A mail whose first try failed, waiting for its next: pending.
      const [retrying] = await rowsOf(
        t,
        sql`insert into deliveries (topic, subject_id, recipient, status, attempts, next_attempt_at, last_error, payload)
            select topic, subject_id, recipient, 'pending', 1, now() + interval '10 minutes', 'timeout', payload
            from deliveries where id = ${sent.body.data._id} returning id`,
      );
      await t.http.delete(`/api/jobs/admin/${doomed}`).set(bearer(owner)).expect(200);
      const left = await rowsOf(t, sql`select id, status from deliveries where topic = 'application.candidate' and subject_id in (${first}, ${second})`);
      expect(left).toEqual([{ id: sent.body.data._id, status: 'sent' }]);
      const screen = (await t.http.get('/api/admin/deliveries?q=gone%40example.com').set(bearer(owner)).expect(200)).body.deliveries as { _id: string }[];
      const shown = screen.map((row) => row._id);
      expect(shown).toContain(sent.body.data._id);
      expect(shown).not.toContain(scheduled.body.data._id);
      expect(shown).not.toContain(retrying?.id);
      const audit = await rowsOf(t, sql`select details from audit_entries where action = 'job.deleted' and target_id = ${doomed}`);
      expect(audit).toEqual([{ details: { title: 'Doomed Job', candidateMailsRemoved: 2 } }]);
      // The scheduled mail's time passes: nothing is sent to the candidate.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(outboxMailsTo(t, 'ida.gone@example.com', 'Your application')).toEqual([]);
    });
  });
});

describe('Candidate e-mails through a real SMTP server', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, smtp, close } = await createTestAppWithSmtp({ MAIL_FROM: 'Brightwave Technologies <no-reply@brightwave.test>' }));
  }, BOOT_TIMEOUT_MS);
  afterAll(() => close());

  it('delivers the rejection with every placeholder filled, in a text and an HTML part', async () => {
    const token = await signInThroughSmtp(t, smtp.received);
    const jobId = await postJob(t, token, 'Platform Engineer');
    const id = await apply(t, jobId, 'Nora Quinn', 'nora.quinn@example.com');
    await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(token)).send({ templateId: REJECTION_TEMPLATE_ID }).expect(201);
    const [mail] = await pollUntil(
      () => {
        const found = mailsTo(smtp.received, 'nora.quinn@example.com').filter((message) => message.subject.startsWith('Your application'));
        return found.length > 0 ? found : undefined;
      },
      { what: 'the rejection over SMTP' },
    );
    const message = required(mail, 'the rejection');
    expect(message.subject).toBe('Your application for Platform Engineer');
    expect(message.headers['reply-to']).toContain(TEST_ADMIN.email);
    expect(message.text).toContain('Hello Nora,');
    expect(message.text).toContain('Thank you for your interest in Platform Engineer at Brightwave Technologies');
    expect(message.text).toContain('The Brightwave Technologies hiring team');
    expect(message.text).not.toContain('{{');
    expect(message.html).toContain('<p>Hello Nora,</p>');
  });

  it('previews exactly the mail the candidate receives, for a name shaped like a web address', async () => {
    const token = await signInThroughSmtp(t, smtp.received);
    await t.http
      .put('/api/admin/settings/candidate-emails')
      .set(bearer(token))
      .send({ bookingLink: 'https://cal.com/team?x=1&y=2', rejectionTemplateId: null })
      .expect(200);
    const jobId = await postJob(t, token, 'Site Reliability Engineer');
    const id = await apply(t, jobId, PHISHING_NAME, 'victim@example.com');
    const text = { ...BOOKING_TEXT, subject: 'Interview with {{companyName}}, {{fullName}}' };
    const preview = (await t.http.post(`/api/jobs/applications/${id}/emails/preview`).set(bearer(token)).send(text).expect(200)).body.preview;
    await t.http.post(`/api/jobs/applications/${id}/emails`).set(bearer(token)).send(text).expect(201);
    const [mail] = await pollUntil(
      () => {
        const found = mailsTo(smtp.received, 'victim@example.com');
        return found.length > 0 ? found : undefined;
      },
      { what: 'the interview invitation over SMTP' },
    );
    const message = required(mail, 'the interview invitation');
    expect({ subject: message.subject, text: message.text, html: message.html }).toEqual(preview);
    expect(message.subject).toBe('Interview with Brightwave Technologies,');
    expect(message.text).toMatch(/^Hello,\n\n/);
    expect([...message.html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1])).toEqual(['https://cal.com/team?x=1&amp;y=2']);
  });
});

describeOnPostgres('Scheduled candidate e-mails with two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ DATABASE_URL: a.config.database.url ?? '' });
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('sends each scheduled mail exactly once, on time', async () => {
    const token = await loginAsAdmin(a);
    const jobId = await postJob(a, token);
    const ids = await Promise.all(Array.from({ length: 12 }, (_, index) => apply(a, jobId, `Twin ${index}`, `twin.${index}@example.com`)));
    const sendAt = inMs(1500);
    const response = await a.http
      .post('/api/jobs/applications/bulk')
      .set(bearer(token))
      .send({ ids, status: 'rejected', templateId: REJECTION_TEMPLATE_ID, sendAt })
      .expect(200);
    expect(response.body.scheduled).toBe(12);
    const sent = () => [...a.outbox(), ...b.outbox()].map(readMessageFile).filter((mail) => mail.subject.startsWith('Your application'));
    await pollUntil(() => (sent().length >= ids.length ? true : undefined), { what: 'every scheduled mail' });
    // Both instances looked a few more times meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(sent()).toHaveLength(ids.length);
    const rows = await rowsOf(a, sql`select status, sent_at, attempts from deliveries where topic = 'application.candidate'`);
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      expect(new Date(String(row.sent_at)).getTime()).toBeGreaterThanOrEqual(Date.parse(sendAt));
    }
  });
});
