// PostgreSQL pass, engine blocks: follow-up reminders claimed by two instances at once.
import fs from 'node:fs';
import path from 'node:path';
import {
  DAY_MS,
  MESSAGES,
  MY_WORK_CALL_DAYS,
  NOTE_MAX_LENGTH,
  required,
  type AnswerOf,
  type Availability,
  type BookingSlot,
  type TimelineEvent,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { sql } from 'drizzle-orm';
import { signBookingLink } from '../src/booking/booking-links';
import { DATABASE, type Database } from '../src/database/database';

/** The rows of a query, for the checks below. */
async function rowsOf(t: TestApp, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = await t.app.get<symbol, Database>(DATABASE).execute(query);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
import { dataUrl } from './fixtures/resume-samples';
import { readMessageFile } from './mail-message';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, describeOnPostgres, TEST_ADMIN, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RESUME_PDF = fs.readFileSync(path.join(__dirname, 'fixtures', 'resume.pdf'));

const SALES = { email: 'sam.sales@example.test', password: 'sales-person-password-1' };
const SALES_TWO = { email: 'sue.sales@example.test', password: 'sales-person-password-2' };
const RECRUITER = { email: 'rita.recruiter@example.test', password: 'recruiter-password-1' };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Calls of half an hour at any time of any day, with no notice: whenever the test runs, its next slots are free. */
const ANY_TIME: Omit<Availability, 'busyCalendarUrl'> = {
  timeZone: 'UTC',
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })),
  meetingMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxDaysAhead: 60,
};
const hourFromNow = () => new Date(Date.now() + 3600_000).toISOString();

/** The mails of the development outbox whose subject starts with `prefix`, to `address`. */
function mailsTo(t: TestApp, address: string, prefix: string) {
  return t
    .outbox()
    .map(readMessageFile)
    .filter((mail) => mail.headers.to?.includes(address) && mail.subject.startsWith(prefix));
}

async function sendLead(t: TestApp, email = 'ann.lee@example.com'): Promise<string> {
  const response = await t.http.post('/api/leads').send({ name: 'Ann Lee', email, service: 'web', message: 'A new site, please.' }).expect(201);
  return response.body.data._id as string;
}

async function sendContact(t: TestApp, email: string): Promise<string> {
  const response = await t.http.post('/api/contacts').send({ name: 'Ann Lee', email, department: 'sales', message: 'Hello there.' }).expect(201);
  return response.body.data._id as string;
}

describe('Staff workspace: item pages, owners, notes, follow-ups, timeline, My work', () => {
  let t: TestApp;
  let owner: string;
  let sales: string;
  let salesTwo: string;
  let recruiter: string;
  let salesId: string;
  let salesTwoId: string;
  let recruiterId: string;
  let ownerId: string;
  let jobId: string;

  beforeAll(async () => {
    t = await createTestApp({ FOLLOW_UP_REMINDER_POLL_SECONDS: '1', NOTIFY_TO: 'staff@example.test' });
    owner = await loginAsAdmin(t);
    sales = await signInInvitedAdmin(t, owner, 'sales', SALES);
    salesTwo = await signInInvitedAdmin(t, owner, 'sales', SALES_TWO);
    recruiter = await signInInvitedAdmin(t, owner, 'recruiter', RECRUITER);
    const admins = (await t.http.get('/api/admin/admins').set(bearer(owner)).expect(200)).body.admins as { _id: string; email: string }[];
    const idOf = (email: string) =>
      required(
        admins.find((admin) => admin.email === email),
        email,
      )._id;
    [salesId, salesTwoId, recruiterId, ownerId] = [idOf(SALES.email), idOf(SALES_TWO.email), idOf(RECRUITER.email), idOf(TEST_ADMIN.email)];
    const job = await t.http
      .post('/api/jobs/admin')
      .set(bearer(owner))
      .send({
        title: 'Data Engineer',
        department: 'engineering',
        location: 'remote',
        type: 'full-time',
        experience: '3+ years',
        description: 'Pipelines.',
        requirements: ['SQL'],
      })
      .expect(201);
    jobId = job.body.data._id;
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers one lead with its workspace and the other submissions of its address (any case)', async () => {
    const leadId = await sendLead(t, 'Related.Person@example.com');
    const contactId = await sendContact(t, 'related.person@EXAMPLE.com');
    const response = await t.http.get(`/api/leads/${leadId}`).set(bearer(sales)).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      data: { _id: leadId, name: 'Ann Lee', status: 'new', spam: false, owner: null, followUpAt: null, overdue: false, notes: [] },
    });
    expect(response.body.data.related).toEqual([{ kind: 'contact', _id: contactId, createdAt: expect.any(String) }]);
    const contact = await t.http.get(`/api/contacts/${contactId}`).set(bearer(sales)).expect(200);
    expect(contact.body.data.related).toEqual([{ kind: 'lead', _id: leadId, createdAt: expect.any(String) }]);
  });

  it('answers 404 for an unknown or malformed id, and 401 without a session', async () => {
    expect((await t.http.get(`/api/leads/${UNKNOWN_ID}`).set(bearer(sales)).expect(404)).body.message).toBe(MESSAGES.leadNotFound);
    expect((await t.http.get('/api/contacts/not-an-id').set(bearer(sales)).expect(404)).body.message).toBe(MESSAGES.contactNotFound);
    await t.http.get(`/api/leads/${UNKNOWN_ID}/timeline`).expect(401);
  });

  it('assigns a lead: the new owner is mailed a link to it, the change is audited; assigning yourself mails nobody', async () => {
    const leadId = await sendLead(t);
    const response = await t.http.patch(`/api/leads/${leadId}/owner`).set(bearer(owner)).send({ ownerId: salesId }).expect(200);
    expect(response.body).toMatchObject({ success: true, message: MESSAGES.ownerAssigned, data: { owner: { _id: salesId, name: 'The sales' } } });
    const mail = await pollUntil(() => mailsTo(t, SALES.email, 'Assigned to you').find((each) => each.text.includes(leadId)), { what: 'the assigned mail' });
    expect(mail.subject).toBe('Assigned to you: the quote request from Ann Lee');
    expect(mail.text).toContain(`/admin/leads/${leadId}`);
    expect(mail.text).toContain('Test Admin assigned the quote request from Ann Lee to you.');

    const before = mailsTo(t, SALES_TWO.email, 'Assigned to you').length;
    await t.http.patch(`/api/leads/${leadId}/owner`).set(bearer(salesTwo)).send({ ownerId: salesTwoId }).expect(200);
    const cleared = await t.http.patch(`/api/leads/${leadId}/owner`).set(bearer(salesTwo)).send({ ownerId: null }).expect(200);
    expect(cleared.body).toMatchObject({ message: MESSAGES.ownerRemoved, data: { owner: null } });
    // The deliveries of a change are written with it: none was for the self-assignment.
    const assigned = await rowsOf(t, sql`select recipient from deliveries where subject_id = ${leadId} and topic = 'lead.assigned'`);
    expect(assigned).toEqual([{ recipient: SALES.email }]);
    expect(mailsTo(t, SALES_TWO.email, 'Assigned to you')).toHaveLength(before);
    const audit = await rowsOf(t, sql`select action, details from audit_entries where target_id = ${leadId} order by created_at`);
    expect(audit.map((row) => row.action)).toEqual(['lead.owner_changed', 'lead.owner_changed', 'lead.owner_changed']);
    expect(audit[0]?.details).toMatchObject({ from: null, to: salesId, toName: 'The sales' });
  });

  it.each([
    ['a recruiter (cannot see leads)', () => recruiterId],
    ['an unknown admin', () => UNKNOWN_ID],
    ['not an id', () => 'sam'],
    ['a number', () => 7],
    ['missing', () => undefined],
  ])('refuses an owner who is %s with 400 at the field, changing nothing', async (_case, value) => {
    const leadId = await sendLead(t);
    const response = await t.http.patch(`/api/leads/${leadId}/owner`).set(bearer(owner)).send({ ownerId: value() }).expect(400);
    expect(response.body).toMatchObject({ success: false, message: MESSAGES.ownerInvalid, errors: { ownerId: MESSAGES.ownerInvalid } });
    expect((await t.http.get(`/api/leads/${leadId}`).set(bearer(owner))).body.data.owner).toBeNull();
  });

  it('refuses a disabled admin as owner', async () => {
    const leadId = await sendLead(t);
    const disabled = { email: 'gone.sales@example.test', password: 'disabled-person-password' };
    await signInInvitedAdmin(t, owner, 'sales', disabled);
    const admins = (await t.http.get('/api/admin/admins').set(bearer(owner))).body.admins as { _id: string; email: string }[];
    const goneId = required(
      admins.find((admin) => admin.email === disabled.email),
      'the admin',
    )._id;
    await t.http.patch(`/api/admin/admins/${goneId}`).set(bearer(owner)).send({ disabled: true }).expect(200);
    await t.http.patch(`/api/leads/${leadId}/owner`).set(bearer(owner)).send({ ownerId: goneId }).expect(400);
    const assignees = (await t.http.get('/api/admin/assignees?kind=lead').set(bearer(sales)).expect(200)).body.assignees as { _id: string }[];
    expect(assignees.map((each) => each._id).sort()).toEqual([ownerId, salesId, salesTwoId].sort());
  });

  it('adds and deletes notes: the author and owners may delete, others are refused; a note is 1 to 5,000 characters', async () => {
    const leadId = await sendLead(t);
    const added = await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(sales)).send({ text: 'Called: wants a quote by Friday.' }).expect(201);
    expect(added.body).toMatchObject({
      success: true,
      message: MESSAGES.noteAdded,
      data: { text: 'Called: wants a quote by Friday.', author: { _id: salesId, name: 'The sales' } },
    });
    const noteId = added.body.data._id as string;
    for (const text of ['', '   \n ', 'x'.repeat(NOTE_MAX_LENGTH + 1), 42, undefined]) {
      const refused = await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(sales)).send({ text }).expect(400);
      expect(refused.body.errors.text).toBe(MESSAGES.noteEmpty);
    }
    await t.http
      .post(`/api/leads/${leadId}/notes`)
      .set(bearer(sales))
      .send({ text: 'y'.repeat(NOTE_MAX_LENGTH) })
      .expect(201);
    expect((await t.http.post(`/api/leads/${UNKNOWN_ID}/notes`).set(bearer(sales)).send({ text: 'Hi' }).expect(404)).body.message).toBe(MESSAGES.leadNotFound);

    const forbidden = await t.http.delete(`/api/leads/${leadId}/notes/${noteId}`).set(bearer(salesTwo)).expect(403);
    expect(forbidden.body.message).toBe(MESSAGES.noteDeleteForbidden);
    await t.http.delete(`/api/leads/${leadId}/notes/${noteId}`).set(bearer(sales)).expect(200);
    expect((await t.http.delete(`/api/leads/${leadId}/notes/${noteId}`).set(bearer(sales)).expect(404)).body.message).toBe(MESSAGES.noteNotFound);
    const other = await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(salesTwo)).send({ text: 'Second thoughts.' }).expect(201);
    await t.http.delete(`/api/leads/${leadId}/notes/${other.body.data._id}`).set(bearer(owner)).expect(200);
    // A note of one item cannot be deleted through another.
    const elsewhere = await sendLead(t);
    const third = await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(sales)).send({ text: 'Third.' }).expect(201);
    await t.http.delete(`/api/leads/${elsewhere}/notes/${third.body.data._id}`).set(bearer(sales)).expect(404);

    const details = await t.http.get(`/api/leads/${leadId}`).set(bearer(sales)).expect(200);
    expect(details.body.data.notes.map((note: { text: string }) => note.text.slice(0, 6))).toEqual(['yyyyyy', 'Third.']);
  });

  it('keeps note texts out of the audit log', async () => {
    const leadId = await sendLead(t);
    await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(sales)).send({ text: 'Secret budget: 40k' }).expect(201);
    const entries = await rowsOf(t, sql`select details::text as details from audit_entries where target_id = ${leadId}`);
    expect(entries).toHaveLength(1);
    expect(String(entries[0]?.details)).not.toContain('Secret');
  });

  it('sets and clears a follow-up; refuses what is not a date and time within five years', async () => {
    const leadId = await sendLead(t);
    const at = hourFromNow();
    const set = await t.http.put(`/api/leads/${leadId}/follow-up`).set(bearer(sales)).send({ at }).expect(200);
    expect(set.body).toMatchObject({ message: MESSAGES.followUpSet, data: { followUpAt: at, overdue: false } });
    for (const wrong of ['tomorrow', '2027-01-10', '2027-13-01T10:00:00Z', '3026-01-01T10:00:00Z', 5, undefined]) {
      const refused = await t.http.put(`/api/leads/${leadId}/follow-up`).set(bearer(sales)).send({ at: wrong }).expect(400);
      expect(refused.body.errors.at).toBe(MESSAGES.followUpInvalid);
    }
    const past = await t.http
      .put(`/api/leads/${leadId}/follow-up`)
      .set(bearer(sales))
      .send({ at: new Date(Date.now() - 60_000).toISOString() })
      .expect(200);
    expect(past.body.data.overdue).toBe(true);
    const cleared = await t.http.put(`/api/leads/${leadId}/follow-up`).set(bearer(sales)).send({ at: null }).expect(200);
    expect(cleared.body).toMatchObject({ message: MESSAGES.followUpCleared, data: { followUpAt: null, overdue: false } });
  });

  it('mails the owner once when a follow-up comes due (whoever set it when nobody owns it)', async () => {
    const owned = await sendLead(t);
    await t.http.patch(`/api/leads/${owned}/owner`).set(bearer(sales)).send({ ownerId: salesTwoId }).expect(200);
    const unowned = await sendContact(t, 'someone.else@example.com');
    const soon = new Date(Date.now() + 500).toISOString();
    await t.http.put(`/api/leads/${owned}/follow-up`).set(bearer(sales)).send({ at: soon }).expect(200);
    await t.http.put(`/api/contacts/${unowned}/follow-up`).set(bearer(sales)).send({ at: soon }).expect(200);
    const toOwner = await pollUntil(() => mailsTo(t, SALES_TWO.email, 'Follow up:').find((mail) => mail.text.includes(owned)), {
      what: 'the reminder to the owner',
    });
    expect(toOwner.subject).toBe('Follow up: the quote request from Ann Lee');
    await pollUntil(() => mailsTo(t, SALES.email, 'Follow up:').find((mail) => mail.text.includes(unowned)), { what: 'the reminder to the setter' });
    // Two more polls (one a second) send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mailsTo(t, SALES_TWO.email, 'Follow up:').filter((mail) => mail.text.includes(owned))).toHaveLength(1);
    const reminders = await rowsOf(t, sql`select count(*)::int as n from deliveries where subject_id = ${owned} and topic = 'lead.reminder'`);
    expect(reminders[0]?.n).toBe(1);
  });

  it('builds the timeline from the submission, the audit log and the deliveries, oldest first', async () => {
    const leadId = await sendLead(t);
    await t.http.patch(`/api/leads/${leadId}/status`).set(bearer(sales)).send({ status: 'contacted' }).expect(200);
    await t.http.patch(`/api/leads/${leadId}/owner`).set(bearer(sales)).send({ ownerId: salesTwoId }).expect(200);
    await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(sales)).send({ text: 'Left a voicemail.' }).expect(201);
    await t.http.put(`/api/leads/${leadId}/follow-up`).set(bearer(sales)).send({ at: '2030-01-15T09:30:00.000Z' }).expect(200);
    await pollUntil(
      async () => {
        const events = (await t.http.get(`/api/leads/${leadId}/timeline`).set(bearer(sales))).body.events as TimelineEvent[];
        return events.filter((event) => event.type === 'mail_sent').length >= 2 || undefined;
      },
      { what: 'the staff and assigned mails sent' },
    );
    const response = await t.http.get(`/api/leads/${leadId}/timeline`).set(bearer(sales)).expect(200);
    const events = response.body.events as TimelineEvent[];
    expect(events[0]).toMatchObject({ type: 'submitted', actor: 'Ann Lee', detail: 'Sent the quote request form' });
    const ofType = (type: string) => events.filter((event) => event.type === type);
    expect(ofType('status_changed')[0]).toMatchObject({ actor: 'The sales', detail: 'Status changed from New to Contacted' });
    expect(ofType('owner_changed')[0]).toMatchObject({ actor: 'The sales', detail: 'Assigned to The sales' });
    expect(ofType('note_added')[0]).toMatchObject({ detail: 'Added a note: Left a voicemail.' });
    expect(ofType('follow_up_set')[0]).toMatchObject({ detail: 'Follow-up set for 15 Jan 2030, 09:30 UTC' });
    expect(ofType('mail_queued').map((event) => event.detail)).toEqual(
      expect.arrayContaining([
        'Quote request: staff notification to staff@example.test: queued',
        `Quote request: assigned to an admin to ${SALES_TWO.email}: queued`,
      ]),
    );
    const times = events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('lists My work: the open items I own, overdue first, then by follow-up, then newest; closed ones left out', async () => {
    const [later, overdue, none, closed] = [await sendLead(t), await sendLead(t), await sendLead(t), await sendLead(t)];
    for (const id of [later, overdue, none, closed]) await t.http.patch(`/api/leads/${id}/owner`).set(bearer(owner)).send({ ownerId: ownerId }).expect(200);
    await t.http.put(`/api/leads/${later}/follow-up`).set(bearer(owner)).send({ at: hourFromNow() }).expect(200);
    await t.http
      .put(`/api/leads/${overdue}/follow-up`)
      .set(bearer(owner))
      .send({ at: new Date(Date.now() - 3600_000).toISOString() })
      .expect(200);
    await t.http.patch(`/api/leads/${closed}/status`).set(bearer(owner)).send({ status: 'lost' }).expect(200);
    const items = (await t.http.get('/api/admin/my-work').set(bearer(owner)).expect(200)).body.items as { _id: string; overdue: boolean; kind: string }[];
    const mine = items.filter((item) => [later, overdue, none, closed].includes(item._id)).map((item) => item._id);
    expect(mine).toEqual([overdue, later, none]);
    expect(items.find((item) => item._id === overdue)).toMatchObject({ kind: 'lead', overdue: true, name: 'Ann Lee', status: 'new' });
  });

  it(`lists my upcoming calls on My work, the soonest first: not a cancelled one, one past ${MY_WORK_CALL_DAYS} days, nor another admin's`, async () => {
    for (const staff of [owner, salesTwo]) await t.http.put('/api/admin/me/availability').set(bearer(staff)).send(ANY_TIME).expect(200);
    /** A quote request from `name` owned by `staffId`, and the token of its booking link (as the form's answer gives it to the visitor). */
    const request = async (name: string, staffId: string) => {
      const lead = await t.http.post('/api/leads').send({ name, email: 'caller@example.com', service: 'web', message: 'Call me.' }).expect(201);
      const id = lead.body.data._id as string;
      await t.http.patch(`/api/leads/${id}/owner`).set(bearer(owner)).send({ ownerId: staffId }).expect(200);
      return { id, token: signBookingLink(t.config.keys.bookingLinks, { kind: 'lead', itemId: id, expiresAt: new Date(Date.now() + DAY_MS) }) };
    };
    /** Books the link's `index`th free slot from `from` (now by default), as the visitor does on the booking page. */
    const book = async (token: string, index: number, from?: Date) => {
      const query = from ? { from: from.toISOString() } : {};
      const { slots } = (await t.http.get(`/api/booking/${token}/slots`).query(query).expect(200)).body as { slots: BookingSlot[] };
      const slot = required(slots[index], 'a free slot');
      await t.http.post(`/api/booking/${token}`).send({ start: slot.start }).expect(201);
      return slot;
    };
    const [later, sooner, cancelled, farOff, others] = [
      await request('Larry Later', ownerId),
      await request('Sonia Sooner', ownerId),
      await request('Cora Cancelled', ownerId),
      await request('Fay Faroff', ownerId),
      await request('Otto Other', salesTwoId),
    ];
    // Booked later first: the list's order is the calls' times, not their bookings'.
    const laterSlot = await book(later.token, 3);
    const soonerSlot = await book(sooner.token, 0);
    await book(cancelled.token, 0);
    await t.http.delete(`/api/booking/${cancelled.token}`).expect(200);
    await book(farOff.token, 0, new Date(Date.now() + (MY_WORK_CALL_DAYS + 1) * DAY_MS));
    const othersSlot = await book(others.token, 0);

    const myWork = async (token: string) => (await t.http.get('/api/admin/my-work').set(bearer(token)).expect(200)).body as AnswerOf<'GET /api/admin/my-work'>;
    const call = (slot: BookingSlot, itemId: string, visitorName: string) => ({
      _id: expect.any(String),
      start: slot.start,
      end: slot.end,
      item: { kind: 'lead', _id: itemId },
      visitorName,
    });
    expect((await myWork(owner)).myCalls).toEqual({ total: 2, calls: [call(soonerSlot, sooner.id, 'Sonia Sooner'), call(laterSlot, later.id, 'Larry Later')] });
    expect((await myWork(salesTwo)).myCalls).toEqual({ total: 1, calls: [call(othersSlot, others.id, 'Otto Other')] });
    expect((await myWork(sales)).myCalls).toEqual({ total: 0, calls: [] });
  });

  it('keeps each role to its area: sales cannot touch applications, recruiters not leads', async () => {
    const application = await t.http
      .post('/api/jobs/apply')
      .send({
        job: jobId,
        fullName: 'Ann Lee',
        email: 'ann.lee@example.com',
        phone: '+15551234567',
        experience: '3 years',
        resume: dataUrl(RESUME_PDF),
        isResumeBase64: true,
      })
      .expect(201);
    const applicationId = application.body.data._id as string;
    const leadId = await sendLead(t);
    for (const [method, route] of [
      ['patch', `/api/jobs/applications/${applicationId}/owner`],
      ['put', `/api/jobs/applications/${applicationId}/follow-up`],
      ['post', `/api/jobs/applications/${applicationId}/notes`],
      ['get', `/api/jobs/applications/${applicationId}/timeline`],
      ['get', `/api/jobs/applications/${applicationId}`],
    ] as const) {
      await t.http[method](route).set(bearer(sales)).send({}).expect(403);
    }
    await t.http.get(`/api/leads/${leadId}`).set(bearer(recruiter)).expect(403);
    await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(recruiter)).send({ text: 'Hi' }).expect(403);
    await t.http.get('/api/admin/assignees?kind=lead').set(bearer(recruiter)).expect(403);
    expect((await t.http.get('/api/admin/assignees?kind=job').set(bearer(recruiter)).expect(400)).body.errors.kind).toBe(MESSAGES.workKindInvalid);

    // The application's page: the path of a job's list answers the application for an application's id.
    const details = await t.http.get(`/api/jobs/applications/${applicationId}`).set(bearer(recruiter)).expect(200);
    expect(details.body.data).toMatchObject({ _id: applicationId, fullName: 'Ann Lee', jobTitle: 'Data Engineer', spam: false, owner: null });
    // A recruiter sees no leads among the related items; sales sees no applications.
    expect(details.body.data.related.every((item: { kind: string }) => item.kind === 'application')).toBe(true);
    const lead = await t.http.get(`/api/leads/${leadId}`).set(bearer(sales)).expect(200);
    expect(lead.body.data.related.some((item: { kind: string }) => item.kind === 'application')).toBe(false);
    expect((await t.http.get(`/api/jobs/applications/${jobId}`).set(bearer(recruiter)).expect(200)).body.applications).toHaveLength(1);
    await t.http.patch(`/api/jobs/applications/${applicationId}/owner`).set(bearer(recruiter)).send({ ownerId: salesId }).expect(400);
    await t.http.patch(`/api/jobs/applications/${applicationId}/owner`).set(bearer(recruiter)).send({ ownerId: recruiterId }).expect(200);
  });

  it('puts notes in the privacy export and erases them with an erasure', async () => {
    const email = 'erase.me@example.com';
    const leadId = await sendLead(t, email);
    await t.http.post(`/api/leads/${leadId}/notes`).set(bearer(sales)).send({ text: 'Prefers calls after 5pm.' }).expect(201);
    const lookup = await t.http.post('/api/admin/privacy/lookup').set(bearer(owner)).send({ email }).expect(200);
    expect(lookup.body.data.notes).toEqual([expect.objectContaining({ kind: 'lead', itemId: leadId, text: 'Prefers calls after 5pm.', author: 'The sales' })]);
    await t.http.post('/api/admin/privacy/erase').set(bearer(owner)).send({ email }).expect(200);
    const left = await rowsOf(t, sql`select count(*)::int as n from item_notes where text like 'Prefers calls%'`);
    expect(left[0]?.n).toBe(0);
  });
});

describeOnPostgres('Follow-up reminders with two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ FOLLOW_UP_REMINDER_POLL_SECONDS: '1' });
    b = await createTestApp({ FOLLOW_UP_REMINDER_POLL_SECONDS: '1', DATABASE_URL: a.config.database.url ?? '' });
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('queues each reminder exactly once', async () => {
    const token = await loginAsAdmin(a);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, index) => sendLead(a, `twice-${index}@example.com`)));
    const soon = new Date(Date.now() + 300).toISOString();
    for (const id of ids) await a.http.put(`/api/leads/${id}/follow-up`).set(bearer(token)).send({ at: soon }).expect(200);
    const counts = async () => rowsOf(a, sql`select subject_id, count(*)::int as n from deliveries where topic = 'lead.reminder' group by subject_id`);
    await pollUntil(async () => ((await counts()).length === ids.length ? true : undefined), { what: 'a reminder for each lead' });
    // Both instances polled a few more times meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const rows = await counts();
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });
});
