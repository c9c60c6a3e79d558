// PostgreSQL pass, engine blocks: two bookings at once of one staff member's time (two connections), one wins by the exclusion constraints; reminders sent once by two instances.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BOOKING_ALTERNATIVE_SLOTS,
  BOOKING_CANCEL_PARAM,
  BOOKING_MESSAGES,
  FORM_TRAP_HEADER,
  MAX_SLOT_VIEW_DAYS,
  required,
  type AdminRole,
  type Availability,
  type BookableItemKind,
  type BookingSlot,
  type MeetingWebhookData,
  INTERVIEW_MESSAGES,
  type ApplicationStatus,
  type Interviewer,
} from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { AdminsService } from '../src/accounts/admins.service';
import { AvailabilityService } from '../src/booking/availability.service';
import { readBookingLink, signBookingLink } from '../src/booking/booking-links';
import { BookingService } from '../src/booking/booking.service';
import { InterviewBooking } from '../src/booking/interview-booking';
import { InterviewsRepository } from '../src/booking/interviews.repository';
import { MEETING_TOPICS, type MeetingMailPayload } from '../src/booking/meeting-mails';
import { REMINDER_NOT_SENT } from '../src/booking/meeting-notices';
import { MeetingsRepository } from '../src/booking/meetings.repository';
import { DomainError } from '../src/common/domain-error';
import { DATABASE, type Database } from '../src/database/database';
import {
  admins,
  auditEntries,
  availabilities,
  contacts,
  deliveries,
  interviews,
  jobApplications,
  jobs,
  leads,
  meetings,
  type DeliveryRow,
} from '../src/database/schema';
import { companyNameOf, DeliveryWorker } from '../src/deliveries/delivery-worker';
import { PrivacyService } from '../src/privacy/privacy.service';
import { RetentionPurge } from '../src/privacy/retention-purge';
import { WorkspaceService } from '../src/workspace/workspace.service';
import { readMessageFile, type ReadMessage } from './mail-message';
import { filledOnSite } from './support/form-token';
import { createTestAppWithSmtp, mailsTo, signInThroughSmtp, type SmtpSink } from './support/smtp-helpers';
import { createTestApp, describeEngineDependent, describeOnPostgres, type TestApp } from './support/test-app';
import { expectedSignature, startWebhookReceiver } from './support/webhook-receiver';

// Booking a call after a quote request or a contact message (docs/features/booking.md, "Booking a call"): each route
// once over HTTP, the form's answer with and without a link, and the rules with many cases through BookingService
// against the real database, at fixed instants (`now`), in the weeks the clocks change in Europe and in the US.

const BOOT_TIMEOUT_MS = 120_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RATE_LIMIT = 60;

type Settings = Omit<Availability, 'busyCalendarUrl'>;
/** Any time of any day, on UTC's clock: the routes' tests book at the real time of the run. */
const ALWAYS: Settings = {
  timeZone: 'UTC',
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' })),
  meetingMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 0,
  maxDaysAhead: 365,
};
/** Mondays 09:00–13:00 UTC, half-hour calls with a 15-minute buffer. */
const MONDAY_MORNINGS: Settings = {
  timeZone: 'UTC',
  weekly: [{ day: 1, start: '09:00', end: '13:00' }],
  meetingMinutes: 30,
  bufferMinutes: 15,
  minNoticeHours: 0,
  maxDaysAhead: 365,
};
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));
/** Monday 7 January 2030, before the mornings' first call. */
const MONDAY = new Date('2030-01-07T06:00:00Z');
const at = (iso: string) => new Date(iso);
const startsOf = (slots: BookingSlot[]) => slots.map((slot) => slot.start.replace(':00.000Z', 'Z'));

/** The event of a calendar invitation, as a calendar library reads it. */
function invitationOf(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = required(calendar.getFirstSubcomponent('vevent') ?? undefined, 'the VEVENT');
  const instant = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: instant('dtstart'),
    end: instant('dtend'),
  };
}

/** A received mail's invitation: its `text/calendar` part's method, and the event read back. */
function mailedInvitation(mail: ReadMessage) {
  const part = required(mail.calendars[0], 'the calendar part');
  return { partMethod: /method=(\w+)/.exec(part.contentType)?.[1], ...invitationOf(part.content) };
}

describe('Booking a call', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let closeApp: () => Promise<void>;
  let calendar: http.Server;
  let calendarUrl: string;
  const db = () => t.app.get<symbol, Database>(DATABASE);
  const booking = () => t.app.get(BookingService);

  /** A staff member written to the database, with their availability (none: never saved). */
  async function staff(name: string, settings?: Partial<Settings>, role: AdminRole = 'sales'): Promise<{ id: string; name: string; email: string }> {
    const email = `${name.split(' ')[0]?.toLowerCase()}-${randomBytes(3).toString('hex')}@booking.test`;
    const [row] = await db().insert(admins).values({ email, name, role, passwordHash: 'not-a-hash' }).returning({ id: admins.id });
    const id = required(row, 'the new admin').id;
    if (settings)
      await db()
        .insert(availabilities)
        .values({ adminId: id, ...ALWAYS, ...settings, busyCalendarUrl: null });
    return { id, name, email };
  }

  /** A quote request (or contact message) owned by `ownerId`, written to the database. */
  async function item(ownerId: string | null, kind: BookableItemKind = 'lead', name = 'Vera Visitor'): Promise<string> {
    const email = `vera-${randomBytes(3).toString('hex')}@example.com`;
    const rows =
      kind === 'lead'
        ? await db().insert(leads).values({ name, email, service: 'web', message: 'Hi', ownerId }).returning({ id: leads.id })
        : await db().insert(contacts).values({ name, email, department: 'sales', message: 'Hi', ownerId }).returning({ id: contacts.id });
    return required(rows[0], 'the new item').id;
  }

  /** The booking link's token of an item, valid until `expiresAt` (far ahead by default). */
  const tokenOf = (itemId: string, kind: BookableItemKind = 'lead', expiresAt = new Date('2100-01-01T00:00:00Z')) =>
    signBookingLink(t.config.keys.bookingLinks, { kind, itemId, expiresAt });

  /** What the service refuses: the error's code, message, and fields or slots. */
  async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string; errors?: Record<string, string>; slots?: BookingSlot[] }> {
    try {
      await call;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { code: error.code, message: error.message, ...error.details };
    }
    throw new Error('it was not refused');
  }

  const activeMeetingsOf = (ownerId: string) =>
    db()
      .select()
      .from(meetings)
      .where(and(eq(meetings.ownerId, ownerId), isNull(meetings.cancelledAt)));

  beforeAll(async () => {
    // A calendar feed on this machine: the busy calendar's address rules let it through only with these two.
    calendar = http.createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/calendar' })
        .end(
          [
            'BEGIN:VCALENDAR',
            'VERSION:2.0',
            'PRODID:-//Brightwave tests//EN',
            'BEGIN:VEVENT',
            'UID:dentist@example.com',
            'DTSTAMP:20291201T000000Z',
            'DTSTART:20300107T100000Z',
            'DTEND:20300107T104500Z',
            'SUMMARY:Dentist',
            'END:VEVENT',
            'END:VCALENDAR',
            '',
          ].join('\r\n'),
        ),
    );
    await new Promise<void>((resolve) => calendar.listen(0, '127.0.0.1', resolve));
    calendarUrl = `http://127.0.0.1:${(calendar.address() as AddressInfo).port}/busy.ics`;
    // Mails go to a real SMTP server here: an erasure removes the development outbox's mails of the address it erases.
    ({
      t,
      smtp,
      close: closeApp,
    } = await createTestAppWithSmtp({
      ALLOW_HTTP_WEBHOOKS: 'true',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      RATE_LIMIT_BOOKING_PER_MINUTE: String(RATE_LIMIT),
    }));
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await closeApp?.();
    calendar.closeAllConnections();
    await new Promise<void>((resolve) => calendar.close(() => resolve()));
  });

  describe("the form's answer", () => {
    let bookable: { id: string; name: string };
    let hoursless: { id: string; name: string };

    beforeAll(async () => {
      bookable = await staff('Sam Sales', ALWAYS);
      hoursless = await staff('Sue Sales', { weekly: [] });
      const owner = { Authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
      await t.http
        .put('/api/admin/settings/notifications')
        .set(owner)
        .send({ routes: {}, assignees: { lead: [bookable.id], 'contact.sales': [bookable.id], 'contact.support': [hoursless.id] } })
        .expect(200);
    });

    it('adds booking.url, the page of a signed link, when the round-robin gave the quote request an owner who can be booked', async () => {
      const answer = await t.http
        .post('/api/leads')
        .set(filledOnSite(t))
        .send({ name: 'Ann Lee', email: 'ann@example.com', service: 'web', message: 'Hi' })
        .expect(201);
      expect(Object.keys(answer.body).sort()).toEqual(['booking', 'data', 'message', 'sendsConfirmations', 'success']);
      expect(answer.body.booking).toEqual({ url: expect.stringMatching(/^\/book\/[\w-]{50}$/), with: 'Sam' });
      const url = String(answer.body.booking.url);
      const details = await t.http.get(`/api/booking/${url.slice('/book/'.length)}`).expect(200);
      expect(details.body).toMatchObject({ success: true, kind: 'call', with: 'Sam', meetingMinutes: 30, timeZone: 'UTC', meeting: null });
    });

    it('adds it to a contact message the same way', async () => {
      const answer = await t.http.post('/api/contacts').send({ name: 'Ann Lee', email: 'ann@example.com', department: 'sales', message: 'Hi' }).expect(201);
      expect(answer.body.booking.url).toMatch(/^\/book\/[\w-]{50}$/);
    });

    it('has no booking key when the owner cannot be booked, nobody owns it, or it is suspected spam', async () => {
      const noHours = await t.http.post('/api/contacts').send({ name: 'Ann Lee', email: 'ann@example.com', department: 'support', message: 'Hi' }).expect(201);
      const nobody = await t.http.post('/api/contacts').send({ name: 'Ann Lee', email: 'ann@example.com', department: 'general', message: 'Hi' }).expect(201);
      const spam = await t.http
        .post('/api/leads')
        .set(FORM_TRAP_HEADER, 'filled')
        .send({ name: 'Ann Lee', email: 'ann@example.com', service: 'web', message: 'Hi' })
        .expect(201);
      for (const answer of [noHours, nobody, spam]) expect(Object.keys(answer.body).sort()).toEqual(['data', 'message', 'sendsConfirmations', 'success']);
    });
  });

  describe('the routes', () => {
    let sam: { id: string; name: string };
    let lead: string;
    let token: string;

    beforeAll(async () => {
      sam = await staff('Sam Sales', ALWAYS);
      lead = await item(sam.id, 'lead', 'Vera Visitor');
      token = tokenOf(lead);
    });

    it('GET /api/booking/:token: whom the call is with, its length and time zone, and no call yet; never cached', async () => {
      const answer = await t.http.get(`/api/booking/${token}`).expect(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toEqual({ success: true, kind: 'call', with: 'Sam', meetingMinutes: 30, timeZone: 'UTC', meeting: null });
    });

    it(`GET /api/booking/:token/slots: the free slots from now, ${MAX_SLOT_VIEW_DAYS} days by default, in UTC`, async () => {
      const before = Date.now();
      const answer = await t.http.get(`/api/booking/${token}/slots`).expect(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const { timeZone, slots } = answer.body as { timeZone: string; slots: BookingSlot[] };
      expect(timeZone).toBe('UTC');
      const first = required(slots[0], 'a slot');
      expect(Date.parse(first.start)).toBeGreaterThanOrEqual(before - MINUTE);
      expect(Date.parse(first.end) - Date.parse(first.start)).toBe(30 * MINUTE);
      expect(first.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:(00|30):00\.000Z$/);
      expect(Date.parse(required(slots.at(-1), 'the last slot').start)).toBeLessThan(before + MAX_SLOT_VIEW_DAYS * DAY + MINUTE);
    });

    it('POST /api/booking/:token books an offered slot (201), moves it when booked again (same call), and the page shows it', async () => {
      const { slots } = (await t.http.get(`/api/booking/${token}/slots`).expect(200)).body as { slots: BookingSlot[] };
      const [, second, , fourth] = slots;
      const booked = await t.http
        .post(`/api/booking/${token}`)
        .send({ start: required(second, 'a slot').start })
        .expect(201);
      expect(booked.headers['cache-control']).toBe('no-store');
      expect(booked.body).toEqual({ success: true, meeting: { _id: expect.any(String), start: second?.start, end: second?.end, with: 'Sam' } });
      const moved = await t.http
        .post(`/api/booking/${token}`)
        .send({ start: required(fourth, 'a slot').start })
        .expect(201);
      expect(moved.body.meeting).toEqual({ _id: booked.body.meeting._id, start: fourth?.start, end: fourth?.end, with: 'Sam' });
      const [row] = await activeMeetingsOf(sam.id);
      expect(row).toMatchObject({ id: booked.body.meeting._id, leadId: lead, sequence: 1, visitorName: 'Vera Visitor', bufferMinutes: 0 });
      expect((await t.http.get(`/api/booking/${token}`).expect(200)).body.meeting).toEqual(moved.body.meeting);
    });

    it('DELETE /api/booking/:token cancels the call (200, meeting null), then answers 409: there is none; never cached', async () => {
      const own = tokenOf(await item(sam.id));
      const { slots } = (await t.http.get(`/api/booking/${own}/slots`).expect(200)).body as { slots: BookingSlot[] };
      await t.http
        .post(`/api/booking/${own}`)
        .send({ start: required(slots[6], 'a slot').start, timeZone: 'Europe/Paris' })
        .expect(201);
      const cancelled = await t.http.delete(`/api/booking/${own}`).expect(200);
      expect(cancelled.headers['cache-control']).toBe('no-store');
      expect(cancelled.body).toEqual({ success: true, meeting: null });
      expect((await t.http.get(`/api/booking/${own}`).expect(200)).body.meeting).toBeNull();
      const again = await t.http.delete(`/api/booking/${own}`).expect(409);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.body).toEqual({ success: false, message: BOOKING_MESSAGES.noCallToCancel });
      expect((await t.http.delete(`/api/booking/${tokenOf(lead, 'lead', new Date(Date.now() - MINUTE))}`).expect(410)).body.message).toBe(
        BOOKING_MESSAGES.linkExpired,
      );
      expect((await t.http.delete('/api/booking/not-a-token').expect(404)).body.message).toBe(BOOKING_MESSAGES.linkNotFound);
    });

    it('refuses a time zone that is not an IANA name with a 400 at timeZone, and books nothing', async () => {
      const own = tokenOf(await item(sam.id));
      const { slots } = (await t.http.get(`/api/booking/${own}/slots`).expect(200)).body as { slots: BookingSlot[] };
      for (const timeZone of ['Mars/Olympus_Mons', '+05:00', '', 5]) {
        const answer = await t.http
          .post(`/api/booking/${own}`)
          .send({ start: required(slots[8], 'a slot').start, timeZone })
          .expect(400);
        expect(answer.body.errors).toEqual({ timeZone: BOOKING_MESSAGES.timeZone });
      }
      expect((await t.http.get(`/api/booking/${own}`).expect(200)).body.meeting).toBeNull();
    });

    it('answers 409 with the next free slots when the time is taken by another request of the same owner', async () => {
      const other = tokenOf(await item(sam.id));
      const { meeting } = (await t.http.get(`/api/booking/${token}`).expect(200)).body as { meeting: BookingSlot };
      const answer = await t.http.post(`/api/booking/${other}`).send({ start: meeting.start }).expect(409);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toEqual({ success: false, message: BOOKING_MESSAGES.slotTaken, slots: expect.any(Array) });
      expect(answer.body.slots).toHaveLength(BOOKING_ALTERNATIVE_SLOTS);
      expect(answer.body.slots.map((slot: BookingSlot) => slot.start)).not.toContain(meeting.start);
    });

    it('refuses a field that is not an instant with its offset with a 400 at the field, and stores nothing', async () => {
      const slots = (field: string, value: string) => t.http.get(`/api/booking/${token}/slots`).query({ [field]: value });
      expect((await slots('from', 'tomorrow').expect(400)).body.errors).toEqual({ from: BOOKING_MESSAGES.instant('from') });
      expect((await slots('to', '2030-01-07T09:00').expect(400)).body.errors).toEqual({ to: BOOKING_MESSAGES.instant('to') });
      expect((await slots('to', '2030-02-30T09:00:00Z').expect(400)).body.errors).toEqual({ to: BOOKING_MESSAGES.instant('to') });
      const from = '2030-01-07T00:00:00Z';
      const to = (days: number) => new Date(Date.parse(from) + days * DAY).toISOString();
      const span = (until: string) => t.http.get(`/api/booking/${token}/slots`).query({ from, to: until });
      expect((await span(to(MAX_SLOT_VIEW_DAYS + 1)).expect(400)).body.errors).toEqual({ to: BOOKING_MESSAGES.spanTooLong });
      expect((await span(to(-1)).expect(400)).body.errors).toEqual({ to: BOOKING_MESSAGES.toBeforeFrom });
      const before = await activeMeetingsOf(sam.id);
      for (const body of [{}, { start: 'next Monday' }, { start: 1_893_920_400_000 }, { start: '2030-01-07T09:00:00Z', note: 'x' }]) {
        const answer = await t.http.post(`/api/booking/${token}`).send(body).expect(400);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(Object.keys(answer.body.errors)).toEqual('note' in body ? ['note'] : ['start']);
      }
      expect(await activeMeetingsOf(sam.id)).toEqual(before);
    });

    it('answers 404 to a link this server did not sign, and 410 to an expired one, with plain messages', async () => {
      const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BA' : 'AA'}`;
      for (const bad of [forged, 'not-a-token', token.slice(1), `${token}x`]) {
        const answer = await t.http.get(`/api/booking/${bad}/slots`).expect(404);
        expect(answer.body).toEqual({ success: false, message: BOOKING_MESSAGES.linkNotFound });
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      const expired = tokenOf(lead, 'lead', new Date(Date.now() - MINUTE));
      expect((await t.http.get(`/api/booking/${expired}`).expect(410)).body).toEqual({ success: false, message: BOOKING_MESSAGES.linkExpired });
      expect((await t.http.post(`/api/booking/${expired}`).send({ start: '2030-01-07T09:00:00Z' }).expect(410)).body.message).toBe(
        BOOKING_MESSAGES.linkExpired,
      );
    });

    it('answers 410 once the request is erased (its call goes with it) or its owner can no longer be booked', async () => {
      const erased = await item(sam.id, 'contact', 'Eve Erased');
      const erasedToken = tokenOf(erased, 'contact');
      const { slots } = (await t.http.get(`/api/booking/${erasedToken}/slots`).expect(200)).body as { slots: BookingSlot[] };
      const booked = await t.http
        .post(`/api/booking/${erasedToken}`)
        .send({ start: required(slots.at(-1), 'a slot').start })
        .expect(201);
      const [row] = await db().select({ email: contacts.email }).from(contacts).where(eq(contacts.id, erased));
      await t.app.get(PrivacyService).erase(required(row, 'the contact message').email);
      expect(await db().select().from(meetings).where(eq(meetings.id, booked.body.meeting._id))).toEqual([]);
      expect((await t.http.get(`/api/booking/${erasedToken}`).expect(410)).body).toEqual({ success: false, message: BOOKING_MESSAGES.itemGone });

      const leaving = await staff('Lea Leaving', ALWAYS);
      const leavingToken = tokenOf(await item(leaving.id));
      await t.http.get(`/api/booking/${leavingToken}`).expect(200);
      await db().update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, leaving.id));
      expect((await t.http.get(`/api/booking/${leavingToken}/slots`).expect(410)).body).toEqual({ success: false, message: BOOKING_MESSAGES.ownerUnavailable });
      const editor = await staff('Ed Editor', ALWAYS, 'editor');
      expect((await t.http.get(`/api/booking/${tokenOf(await item(editor.id))}`).expect(410)).body.message).toBe(BOOKING_MESSAGES.ownerUnavailable);
      expect((await t.http.get(`/api/booking/${tokenOf(await item(null))}`).expect(410)).body.message).toBe(BOOKING_MESSAGES.ownerUnavailable);
    });

    it(`counts the calls per link and per address: the ${RATE_LIMIT + 1}st of a minute is a 429`, async () => {
      const fastify = t.app.getHttpAdapter().getInstance();
      const get = (url: string, remoteAddress: string) => fastify.inject({ method: 'GET', url, remoteAddress });
      // One link from many addresses.
      const link = tokenOf(await item(sam.id));
      const fromEach = [];
      for (let index = 1; index <= RATE_LIMIT + 1; index++) fromEach.push((await get(`/api/booking/${link}`, `198.51.100.${index}`)).statusCode);
      expect(fromEach.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
      expect(fromEach.at(-1)).toBe(429);
      // Many links (none of them ours) from one address.
      const fromOne = [];
      for (let index = 0; index <= RATE_LIMIT; index++) fromOne.push((await get(`/api/booking/forged-${index}`, '203.0.113.9')).statusCode);
      expect(fromOne.slice(0, RATE_LIMIT).every((status) => status === 404)).toBe(true);
      expect(fromOne.at(-1)).toBe(429);
    });
  });

  describe(BookingService.name, () => {
    it('offers the working hours minus the owner’s other calls (each with its buffer) and the busy times of their calendar feed', async () => {
      const sam = await staff('Sam Sales', MONDAY_MORNINGS);
      const [first, second] = [await item(sam.id), await item(sam.id)];
      const day = { from: '2030-01-07T00:00:00Z', to: '2030-01-08T00:00:00Z' };
      expect(startsOf((await booking().slots(tokenOf(first), day, MONDAY)).slots)).toEqual([
        '2030-01-07T09:00Z',
        '2030-01-07T09:30Z',
        '2030-01-07T10:00Z',
        '2030-01-07T10:30Z',
        '2030-01-07T11:00Z',
        '2030-01-07T11:30Z',
        '2030-01-07T12:00Z',
        '2030-01-07T12:30Z',
      ]);
      await booking().book(tokenOf(first), { start: '2030-01-07T11:00:00Z' }, MONDAY);
      // The call 11:00–11:30 keeps 10:45–11:45 free: 10:30, 11:00 and 11:30 are gone for every other request at once.
      const others = startsOf((await booking().slots(tokenOf(second), day, MONDAY)).slots);
      expect(others).toEqual(['2030-01-07T09:00Z', '2030-01-07T09:30Z', '2030-01-07T10:00Z', '2030-01-07T12:00Z', '2030-01-07T12:30Z']);
      // Its own call blocks nothing of its own list: it can move next to where it is.
      expect(startsOf((await booking().slots(tokenOf(first), day, MONDAY)).slots)).toContain('2030-01-07T11:30Z');
      const refused = await refusal(booking().book(tokenOf(second), { start: '2030-01-07T11:30:00Z' }, MONDAY));
      expect(refused).toEqual({ code: 'conflict', message: BOOKING_MESSAGES.slotTaken, slots: expect.any(Array) });
      expect(startsOf(refused.slots ?? []).slice(0, 3)).toEqual(['2030-01-07T12:00Z', '2030-01-07T12:30Z', '2030-01-14T09:00Z']);

      // The feed's event 10:00–10:45 blocks its own span: 10:00 and 10:30 go, 09:30 stays.
      await t.app.get(AvailabilityService).save(sam.id, { ...MONDAY_MORNINGS, busyCalendarUrl: calendarUrl });
      expect(startsOf((await booking().slots(tokenOf(second), day, MONDAY)).slots)).toEqual([
        '2030-01-07T09:00Z',
        '2030-01-07T09:30Z',
        '2030-01-07T12:00Z',
        '2030-01-07T12:30Z',
      ]);
      expect((await refusal(booking().book(tokenOf(second), { start: '2030-01-07T10:00:00Z' }, MONDAY))).code).toBe('conflict');
    });

    it('starts no call inside the notice period; the 409 offers the slots from the time asked on', async () => {
      const sam = await staff('Sam Sales', { ...MONDAY_MORNINGS, weekly: weekdays('09:00', '12:00'), bufferMinutes: 0, minNoticeHours: 24 });
      const token = tokenOf(await item(sam.id));
      const now = at('2030-01-07T10:00:00Z');
      const slots = (await booking().slots(token, { from: '2030-01-07T00:00:00Z', to: '2030-01-09T00:00:00Z' }, now)).slots;
      expect(startsOf(slots)[0]).toBe('2030-01-08T10:00Z');
      const refused = await refusal(booking().book(token, { start: '2030-01-08T09:30:00Z' }, now));
      expect(refused.code).toBe('conflict');
      expect(startsOf(refused.slots ?? [])).toEqual(['2030-01-08T10:00Z', '2030-01-08T10:30Z', '2030-01-08T11:00Z', '2030-01-08T11:30Z', '2030-01-09T09:00Z']);
      const booked = await booking().book(token, { start: '2030-01-08T10:00:00Z' }, now);
      expect(booked.meeting.startAt).toEqual(at('2030-01-08T10:00:00Z'));
      // A start that is no slot's (between two) is not offered either.
      expect((await refusal(booking().book(token, { start: '2030-01-08T11:15:00Z' }, now))).code).toBe('conflict');
    });

    // Each week of a clock change, its Friday before and its Monday after: 09:00 on the staff member's clock both times.
    it.each([
      ['Europe/Berlin', 'spring', '2027-03-20T00:00:00Z', '2027-03-26T08:00:00Z', '2027-03-29T07:00:00Z', '2027-03-29T09:00:00+02:00'],
      ['Europe/Berlin', 'autumn', '2027-10-23T00:00:00Z', '2027-10-29T07:00:00Z', '2027-11-01T08:00:00Z', '2027-11-01T09:00:00+01:00'],
      ['America/New_York', 'spring', '2027-03-06T00:00:00Z', '2027-03-12T14:00:00Z', '2027-03-15T13:00:00Z', '2027-03-15T09:00:00-04:00'],
      ['America/New_York', 'autumn', '2027-10-30T00:00:00Z', '2027-11-05T13:00:00Z', '2027-11-08T14:00:00Z', '2027-11-08T09:00:00-05:00'],
    ])('books in the week the clocks change: %s, %s', async (timeZone, _season, now, friday, monday, mondayLocal) => {
      const sam = await staff('Sam Sales', { timeZone, weekly: weekdays('09:00', '12:00'), meetingMinutes: 60, bufferMinutes: 0, minNoticeHours: 0 });
      const [mine, theirs] = [tokenOf(await item(sam.id)), tokenOf(await item(sam.id))];
      const from = new Date(Date.parse(friday) - 8 * 3_600_000).toISOString();
      const to = new Date(Date.parse(monday) + 8 * 3_600_000).toISOString();
      const listed = await booking().slots(mine, { from, to }, at(now));
      expect(listed.timeZone).toBe(timeZone);
      const starts = listed.slots.map((slot) => slot.start);
      expect(starts).toEqual(expect.arrayContaining([new Date(friday).toISOString(), new Date(monday).toISOString()]));
      expect(starts).toHaveLength(6);
      // Booked with the offset of the staff member's clock: the same instant, stored in UTC.
      const booked = await booking().book(mine, { start: mondayLocal }, at(now));
      expect(booked.meeting.startAt).toEqual(new Date(monday));
      expect(booked.meeting.endAt).toEqual(new Date(Date.parse(monday) + 60 * MINUTE));
      expect(booked.owner.timeZone).toBe(timeZone);
      expect((await booking().slots(theirs, { from, to }, at(now))).slots.map((slot) => slot.start)).not.toContain(new Date(monday).toISOString());
      expect((await refusal(booking().book(theirs, { start: new Date(monday).toISOString() }, at(now)))).code).toBe('conflict');
    });

    it(`takes a span of ${MAX_SLOT_VIEW_DAYS} days on the visitor's clock across an autumn change (an hour more), not more`, async () => {
      const token = tokenOf(await item((await staff('Sam Sales', MONDAY_MORNINGS)).id));
      const now = at('2027-10-01T00:00:00Z');
      // Midnight in Berlin on 18 October (summer time) to midnight on 1 November (winter time): 14 days and an hour.
      await booking().slots(token, { from: '2027-10-18T00:00:00+02:00', to: '2027-11-01T00:00:00+01:00' }, now);
      expect((await refusal(booking().slots(token, { from: '2027-10-18T00:00:00+02:00', to: '2027-11-01T00:01:00+01:00' }, now))).errors).toEqual({
        to: BOOKING_MESSAGES.spanTooLong,
      });
    });

    it('moves the call in place (sequence + 1, its times before answered for the invitations), and a repeated booking changes nothing', async () => {
      const sam = await staff('Sam Sales', MONDAY_MORNINGS);
      const lead = await item(sam.id, 'lead', 'Vera Visitor');
      const token = tokenOf(lead);
      const booked = await booking().book(token, { start: '2030-01-07T09:00:00Z' }, MONDAY);
      expect(booked).toMatchObject({ kind: 'lead', itemId: lead, previous: null, changed: true, owner: { id: sam.id, name: 'Sam Sales', timeZone: 'UTC' } });
      expect(booked.meeting).toMatchObject({ sequence: 0, bufferMinutes: 15, visitorName: 'Vera Visitor' });
      const moved = await booking().book(token, { start: '2030-01-07T12:30:00Z' }, MONDAY);
      expect(moved.meeting).toMatchObject({ id: booked.meeting.id, sequence: 1, startAt: at('2030-01-07T12:30:00Z'), endAt: at('2030-01-07T13:00:00Z') });
      expect(moved.previous).toEqual({ start: at('2030-01-07T09:00:00Z'), end: at('2030-01-07T09:30:00Z'), sequence: 0, ownerId: sam.id });
      const again = await booking().book(token, { start: '2030-01-07T12:30:00Z' }, MONDAY);
      expect(again).toMatchObject({ changed: false, meeting: { id: booked.meeting.id, sequence: 1 } });
      expect(await activeMeetingsOf(sam.id)).toHaveLength(1);

      // The item's timeline and the audit log: booked, then moved, by the visitor (the system's entries, no address).
      const entries = await db().select().from(auditEntries).where(eq(auditEntries.targetId, lead));
      expect(entries.map((entry) => [entry.action, entry.actor, entry.address])).toEqual([
        ['lead.meeting_booked', 'system', null],
        ['lead.meeting_rescheduled', 'system', null],
      ]);
      const timeline = await t.app.get(WorkspaceService).timeline('lead', lead);
      expect(timeline.filter((event) => event.type.startsWith('meeting_'))).toEqual([
        { at: expect.any(String), type: 'meeting_booked', actor: 'Vera Visitor', detail: 'Call booked for 7 Jan 2030, 09:00 UTC with Sam Sales' },
        {
          at: expect.any(String),
          type: 'meeting_rescheduled',
          actor: 'Vera Visitor',
          detail: 'Call moved from 7 Jan 2030, 09:00 UTC to 7 Jan 2030, 12:30 UTC with Sam Sales',
        },
      ]);
    });

    it('keeps a call’s own buffer after its owner shortens theirs: the slots and the database agree', async () => {
      const sam = await staff('Sam Sales', { ...MONDAY_MORNINGS, bufferMinutes: 60 });
      const [first, second] = [await item(sam.id), await item(sam.id)];
      await booking().book(tokenOf(first), { start: '2030-01-07T11:00:00Z' }, MONDAY);
      await db().update(availabilities).set({ bufferMinutes: 0 }).where(eq(availabilities.adminId, sam.id));
      const day = { from: '2030-01-07T00:00:00Z', to: '2030-01-08T00:00:00Z' };
      // 10:00–12:30 stays free around 11:00–11:30: the call was booked with an hour on each side.
      expect(startsOf((await booking().slots(tokenOf(second), day, MONDAY)).slots)).toEqual(['2030-01-07T09:00Z', '2030-01-07T09:30Z', '2030-01-07T12:30Z']);
      const write = (start: string) =>
        t.app
          .get(MeetingsRepository)
          .book('lead', second, { ownerId: sam.id, start: at(start), end: new Date(Date.parse(start) + 30 * MINUTE), bufferMinutes: 0 }, async () => undefined);
      expect(await write('2030-01-07T12:00:00Z')).toBe('taken');
      expect(await write('2030-01-07T10:00:00Z')).toBe('taken');
      expect(await write('2030-01-07T12:30:00Z')).toMatchObject({ changed: true });
    });
  });

  describe('the call’s mails, reminders and webhook calls', () => {
    const uidOf = (meetingId: string) => `${meetingId}@${new URL(t.config.server.publicUrl).hostname}`;
    const company = () => companyNameOf(t.config.mail.from);

    /** The item's outbox rows about its call. */
    const callRowsOf = (itemId: string) =>
      db()
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.subjectId, itemId), inArray(deliveries.topic, Object.values(MEETING_TOPICS))));

    /**
     * The item's call mails, each as [its kind, whom to, its state], sorted: `queued` until its time (then sent by the
     * worker), `scheduled` for a reminder to come, `cancelled` for one that will not go.
     */
    async function mailsOf(itemId: string): Promise<string[][]> {
      const state = (row: DeliveryRow) => (row.status === 'scheduled' || row.status === 'cancelled' ? row.status : 'queued');
      return (await callRowsOf(itemId)).map((row) => [String(row.payload?.kind), String(row.payload?.audience), state(row)]).sort();
    }

    /** The item's one row of a mail kind to one side, in a state; its payload, and its invitation read back. */
    async function rowOf(itemId: string, kind: string, audience: 'visitor' | 'staff', status?: 'scheduled' | 'cancelled') {
      const rows = (await callRowsOf(itemId)).filter(
        (row) => row.payload?.kind === kind && row.payload.audience === audience && (status === undefined || row.status === status),
      );
      expect(rows).toHaveLength(1);
      const row = required(rows[0], 'the row');
      return { row, payload: row.payload as MeetingMailPayload, invitation: row.calendar ? invitationOf(row.calendar.content) : null };
    }

    it('books, moves and cancels with both sides mailed their invitation (one UID, SEQUENCE raised), and the reminders follow the call', async () => {
      // Mondays 10:00–14:00 in Berlin: 09:00–13:00 UTC in winter.
      const sam = await staff('Sam Sales', { ...MONDAY_MORNINGS, timeZone: 'Europe/Berlin', weekly: [{ day: 1, start: '10:00', end: '14:00' }] });
      const lead = await item(sam.id, 'lead', 'Vera Visitor');
      const token = tokenOf(lead);
      const lastChange = async () => required((await db().select({ at: leads.updatedAt }).from(leads).where(eq(leads.id, lead)))[0], 'the lead').at;
      const before = await lastChange();

      // Booked at 06:00 for 09:00: its reminder of the day before has passed, the one of the hour before is scheduled.
      const booked = await booking().book(token, { start: '2030-01-07T09:00:00Z', timeZone: 'america/new_york' }, MONDAY);
      expect(booked.meeting.visitorTimeZone).toBe('America/New_York');
      const uid = uidOf(booked.meeting.id);
      expect(await mailsOf(lead)).toEqual([
        ['booked', 'staff', 'queued'],
        ['booked', 'visitor', 'queued'],
        ['reminder-1h', 'staff', 'scheduled'],
        ['reminder-1h', 'visitor', 'scheduled'],
      ]);
      const invitation = { method: 'REQUEST', uid, sequence: 0, status: 'CONFIRMED', start: '2030-01-07T09:00:00.000Z', end: '2030-01-07T09:30:00.000Z' };
      const toVisitor = await rowOf(lead, 'booked', 'visitor');
      expect(toVisitor.invitation).toEqual(invitation);
      expect((await rowOf(lead, 'booked', 'staff')).invitation).toEqual(invitation);
      expect(toVisitor.row.recipient).toBe(booked.meeting.visitorEmail);
      expect((await rowOf(lead, 'booked', 'staff')).row.recipient).toBe(sam.email);
      expect([toVisitor.payload.timeZone, (await rowOf(lead, 'booked', 'staff')).payload.timeZone]).toEqual(['America/New_York', 'Europe/Berlin']);
      // The visitor's links: the booking page of a token signed for the mails, and the same page to cancel.
      const page = `${t.config.server.publicUrl}/book/`;
      const mailToken = (toVisitor.payload.rescheduleLink ?? '').slice(page.length);
      expect(toVisitor.payload.rescheduleLink).toBe(`${page}${mailToken}`);
      expect(toVisitor.payload.cancelLink).toBe(`${page}${mailToken}?${BOOKING_CANCEL_PARAM}=1`);
      expect(readBookingLink(t.config.keys.bookingLinks, mailToken, MONDAY)?.grant).toEqual({
        kind: 'lead',
        itemId: lead,
        expiresAt: new Date(MONDAY.getTime() + 14 * DAY),
      });
      const reminder = await rowOf(lead, 'reminder-1h', 'visitor');
      expect([reminder.row.sendAt, reminder.invitation]).toEqual([at('2030-01-07T08:00:00Z'), null]);
      expect((await lastChange()).getTime()).toBeGreaterThan(before.getTime());

      // Moved eight weeks on: a new REQUEST of the same UID, SEQUENCE 1; the former reminder will not go, two new ones will.
      await booking().book(token, { start: '2030-03-04T09:00:00Z' }, MONDAY);
      expect(await mailsOf(lead)).toEqual([
        ['booked', 'staff', 'queued'],
        ['booked', 'visitor', 'queued'],
        ['reminder-1h', 'staff', 'cancelled'],
        ['reminder-1h', 'staff', 'scheduled'],
        ['reminder-1h', 'visitor', 'cancelled'],
        ['reminder-1h', 'visitor', 'scheduled'],
        ['reminder-24h', 'staff', 'scheduled'],
        ['reminder-24h', 'visitor', 'scheduled'],
        ['rescheduled', 'staff', 'queued'],
        ['rescheduled', 'visitor', 'queued'],
      ]);
      const moved = await rowOf(lead, 'rescheduled', 'visitor');
      expect(moved.invitation).toEqual({ ...invitation, sequence: 1, start: '2030-03-04T09:00:00.000Z', end: '2030-03-04T09:30:00.000Z' });
      expect([moved.payload.previousStart, moved.payload.timeZone]).toEqual(['2030-01-07T09:00:00.000Z', 'America/New_York']);
      expect((await rowOf(lead, 'reminder-1h', 'visitor', 'cancelled')).row.lastError).toBe(REMINDER_NOT_SENT.moved);
      expect((await rowOf(lead, 'reminder-24h', 'staff')).row.sendAt).toEqual(at('2030-03-03T09:00:00Z'));
      // Further ahead than a form's link lasts: the mails' links work until a day after the call.
      const movedToken = (moved.payload.cancelLink ?? '').slice(page.length).split('?')[0];
      expect(readBookingLink(t.config.keys.bookingLinks, movedToken, MONDAY)?.grant.expiresAt).toEqual(at('2030-03-05T09:30:00Z'));

      // Booking the time it has again sends nothing.
      const rowsBefore = (await callRowsOf(lead)).length;
      expect((await booking().book(token, { start: '2030-03-04T09:00:00Z' }, MONDAY)).changed).toBe(false);
      expect(await callRowsOf(lead)).toHaveLength(rowsBefore);

      // Cancelled: CANCEL with SEQUENCE 2 to both sides, no reminder left to go.
      await booking().cancel(token, MONDAY);
      const cancelled = await rowOf(lead, 'cancelled', 'visitor');
      expect(cancelled.invitation).toEqual({ ...moved.invitation, method: 'CANCEL', sequence: 2, status: 'CANCELLED' });
      expect((await rowOf(lead, 'cancelled', 'staff')).invitation).toEqual(cancelled.invitation);
      expect((await mailsOf(lead)).filter(([, , state]) => state === 'scheduled')).toEqual([]);
      expect((await rowOf(lead, 'reminder-24h', 'visitor')).row.lastError).toBe(REMINDER_NOT_SENT.cancelled);
      const [stored] = await db().select().from(meetings).where(eq(meetings.id, booked.meeting.id));
      expect(stored).toMatchObject({ cancelledAt: MONDAY, sequence: 2 });
      expect(await refusal(booking().cancel(token, MONDAY))).toEqual({ code: 'conflict', message: BOOKING_MESSAGES.noCallToCancel });

      // On the timeline and in the audit log, as the visitor's doing.
      const timeline = await t.app.get(WorkspaceService).timeline('lead', lead);
      expect(timeline.filter((event) => event.type === 'meeting_cancelled')).toEqual([
        { at: expect.any(String), type: 'meeting_cancelled', actor: 'Vera Visitor', detail: 'Call for 4 Mar 2030, 09:00 UTC with Sam Sales cancelled' },
      ]);
      const [entry] = await db()
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.targetId, lead), eq(auditEntries.action, 'lead.meeting_cancelled')));
      expect(entry).toMatchObject({ actor: 'system', address: null, details: { meetingId: booked.meeting.id, withName: 'Sam Sales' } });
    });

    it('refuses to cancel a call that is over', async () => {
      const token = tokenOf(await item((await staff('Sam Sales', MONDAY_MORNINGS)).id));
      await booking().book(token, { start: '2030-01-07T09:00:00Z' }, MONDAY);
      expect(await refusal(booking().cancel(token, at('2030-01-07T09:30:00Z')))).toEqual({ code: 'conflict', message: BOOKING_MESSAGES.callOver });
    });

    it('sends the cancellation to the staff member a moved call is no longer with (the request changed owner)', async () => {
      const [sam, sue] = [await staff('Sam Sales', MONDAY_MORNINGS), await staff('Sue Sales', MONDAY_MORNINGS)];
      const lead = await item(sam.id);
      await booking().book(tokenOf(lead), { start: '2030-01-07T09:00:00Z' }, MONDAY);
      await db().update(leads).set({ ownerId: sue.id }).where(eq(leads.id, lead));
      await booking().book(tokenOf(lead), { start: '2030-01-07T11:00:00Z' }, MONDAY);
      const toSam = await rowOf(lead, 'cancelled', 'staff');
      expect([toSam.row.recipient, toSam.invitation?.method, toSam.invitation?.sequence, toSam.invitation?.start]).toEqual([
        sam.email,
        'CANCEL',
        1,
        '2030-01-07T09:00:00.000Z',
      ]);
      expect((await rowOf(lead, 'rescheduled', 'staff')).row.recipient).toBe(sue.email);
      expect((await mailsOf(lead)).filter(([kind]) => kind === 'cancelled')).toEqual([['cancelled', 'staff', 'queued']]);
    });

    it('cancels the calls a staff member loses with their requests: disabled, or given a role that owns none (decision 087)', async () => {
      const [sam, sue] = [await staff('Sam Sales', ALWAYS), await staff('Sue Sales', ALWAYS)];
      const [samsLead, samsContact, suesContact] = [await item(sam.id), await item(sam.id, 'contact'), await item(sue.id, 'contact')];
      // Changes of accounts happen at the time of the run: so are these calls booked.
      const now = new Date();
      const bookFirstSlot = async (itemId: string, kind: BookableItemKind) => {
        const token = tokenOf(itemId, kind);
        const first = required((await booking().slots(token, {}, now)).slots[0], 'a free slot');
        return (await booking().book(token, { start: first.start }, now)).meeting;
      };
      const calls = [await bookFirstSlot(samsLead, 'lead'), await bookFirstSlot(samsContact, 'contact'), await bookFirstSlot(suesContact, 'contact')];

      const accounts = t.app.get(AdminsService);
      const disabled = await accounts.change(sam.id, { disabled: true });
      expect(disabled).toMatchObject({ unassigned: 2, callsCancelled: 2 });
      const changed = await accounts.change(sue.id, { role: 'recruiter' });
      expect(changed).toMatchObject({ unassigned: 1, callsCancelled: 1 });

      const stored = await db()
        .select()
        .from(meetings)
        .where(
          inArray(
            meetings.id,
            calls.map((call) => call.id),
          ),
        );
      expect(stored.map((call) => [call.cancelledAt !== null, call.sequence])).toEqual([
        [true, 1],
        [true, 1],
        [true, 1],
      ]);
      // Both sides get the CANCEL; no reminder is left to go.
      for (const itemId of [samsLead, samsContact, suesContact]) {
        expect((await mailsOf(itemId)).filter(([, , state]) => state !== 'cancelled')).toEqual([
          ['booked', 'staff', 'queued'],
          ['booked', 'visitor', 'queued'],
          ['cancelled', 'staff', 'queued'],
          ['cancelled', 'visitor', 'queued'],
        ]);
        expect((await rowOf(itemId, 'cancelled', 'visitor')).invitation).toMatchObject({ method: 'CANCEL', sequence: 1 });
      }
      // Audited with why, and counted in the change of the account.
      const entries = await db()
        .select({ action: auditEntries.action, details: auditEntries.details })
        .from(auditEntries)
        .where(inArray(auditEntries.targetId, [samsLead, samsContact, suesContact, sam.id, sue.id]));
      const cancellations = entries.filter((entry) => entry.action.endsWith('.meeting_cancelled')).map((entry) => [entry.action, entry.details.because]);
      expect(cancellations.sort()).toEqual([
        ['contact.meeting_cancelled', 'disabled'],
        ['contact.meeting_cancelled', 'role_changed'],
        ['lead.meeting_cancelled', 'disabled'],
      ]);
      expect(
        entries
          .filter((entry) => entry.action === 'admin.updated')
          .map((entry) => entry.details.callsCancelled)
          .sort(),
      ).toEqual([1, 2]);
      const timeline = await t.app.get(WorkspaceService).timeline('lead', samsLead);
      expect(timeline.find((event) => event.type === 'meeting_cancelled')?.detail).toMatch(
        /^Call for .* with Sam Sales cancelled: their account was disabled$/,
      );
    });

    describe('at the time of the run', () => {
      let sam: { id: string; name: string; email: string };
      let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
      let secret: string;

      beforeAll(async () => {
        sam = await staff('Sam Sales', ALWAYS);
        receiver = await startWebhookReceiver();
        const owner = { Authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
        const events = ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'];
        const added = await t.http
          .post('/api/admin/settings/webhooks')
          .set(owner)
          .send({ url: `http://127.0.0.1:${receiver.port}/meetings`, events })
          .expect(201);
        secret = added.body.secret as string;
      });
      afterAll(() => receiver.close());

      /** The free slots of a link from `hours` hours from now on. */
      async function slotsFrom(token: string, hours: number): Promise<BookingSlot[]> {
        const from = new Date(Date.now() + hours * 3_600_000).toISOString();
        return (await t.http.get(`/api/booking/${token}/slots`).query({ from }).expect(200)).body.slots as BookingSlot[];
      }

      it('calls the webhooks of a booked, moved and cancelled call, signed, with the call and its request', async () => {
        const lead = await item(sam.id, 'lead', 'Wes Webhook');
        const token = tokenOf(lead);
        const [first, , second] = await slotsFrom(token, 48);
        await t.http
          .post(`/api/booking/${token}`)
          .send({ start: required(first, 'a slot').start })
          .expect(201);
        const moved = await t.http
          .post(`/api/booking/${token}`)
          .send({ start: required(second, 'a slot').start })
          .expect(201);
        await t.http.delete(`/api/booking/${token}`).expect(200);
        const callsOf = () => receiver.calls.filter((call) => (JSON.parse(call.body) as { data: MeetingWebhookData }).data.itemId === lead);
        const calls = await pollUntil(() => callsOf().length === 3 && callsOf(), { what: 'the three calls' });
        for (const call of calls) expect(call.headers['webhook-signature']).toBe(expectedSignature(secret, call));
        const bodies = calls.map((call) => JSON.parse(call.body) as { id: string; type: string; data: MeetingWebhookData });
        const [row] = await db().select({ email: leads.email }).from(leads).where(eq(leads.id, lead));
        const call = { _id: moved.body.meeting._id, itemKind: 'lead', itemId: lead, interviewId: null, staffId: sam.id, staffIds: [sam.id] };
        // The request as lead.created carries it.
        const request = expect.objectContaining({ _id: lead, name: 'Wes Webhook', email: row?.email, status: 'new' });
        expect(bodies.map((body) => [body.type, body.data]).sort()).toEqual([
          ['meeting.booked', { ...call, start: first?.start, end: first?.end, previousStart: null, item: request }],
          ['meeting.cancelled', { ...call, start: second?.start, end: second?.end, previousStart: null, item: request }],
          ['meeting.rescheduled', { ...call, start: second?.start, end: second?.end, previousStart: first?.start, item: request }],
        ]);
      });

      it('sends each reminder once when its time comes, without an invitation (the calendar has the call)', async () => {
        const contact = await item(sam.id, 'contact', 'Rita Reminder');
        const token = tokenOf(contact, 'contact');
        const [slot] = await slotsFrom(token, 26);
        await t.http
          .post(`/api/booking/${token}`)
          .send({ start: required(slot, 'a slot').start, timeZone: 'Asia/Tokyo' })
          .expect(201);
        const email = required((await db().select({ email: contacts.email }).from(contacts).where(eq(contacts.id, contact)))[0], 'the contact message').email;
        // The day before has come: its reminders are due now.
        await db()
          .update(deliveries)
          .set({ nextAttemptAt: sql`now()`, sendAt: sql`now()` })
          .where(and(eq(deliveries.subjectId, contact), sql`${deliveries.payload} ->> 'kind' = 'reminder-24h'`));
        t.app.get(DeliveryWorker).wake();
        const reminders = () => [...mailsTo(smtp.received, email), ...mailsTo(smtp.received, sam.email)].filter((mail) => mail.subject.includes('tomorrow'));
        await pollUntil(() => reminders().length === 2, { what: 'the reminders of the day before' });
        const dayBefore = async () => (await callRowsOf(contact)).filter((row) => row.payload?.kind === 'reminder-24h');
        const sent = await pollUntil(async () => (await dayBefore()).every((row) => row.status === 'sent') && dayBefore(), {
          what: 'the reminders marked sent',
        });
        expect(sent.map((row) => [row.status, row.attempts])).toEqual([
          ['sent', 1],
          ['sent', 1],
        ]);
        expect(
          reminders()
            .map((mail) => [mail.subject, mail.calendars.length])
            .sort(),
        ).toEqual([
          [`Reminder: call with Rita Reminder tomorrow`, 0],
          [`Reminder: your call with ${company()} is tomorrow`, 0],
        ]);
        expect(reminders().find((mail) => mail.headers.to === email)?.text).toContain('(Asia/Tokyo)');
        // The hour before is still to come.
        expect((await mailsOf(contact)).filter(([kind]) => kind === 'reminder-1h')).toEqual([
          ['reminder-1h', 'staff', 'scheduled'],
          ['reminder-1h', 'visitor', 'scheduled'],
        ]);
      });
    });

    describe('privacy', () => {
      /** A contact message with a call booked for a Monday of 2030, and its address. */
      async function withCall(name: string): Promise<{ sam: { email: string }; itemId: string; email: string; meetingId: string }> {
        const sam = await staff('Sam Sales', MONDAY_MORNINGS);
        const itemId = await item(sam.id, 'contact', name);
        const booked = await booking().book(tokenOf(itemId, 'contact'), { start: '2030-01-07T09:00:00Z', timeZone: 'Asia/Tokyo' }, MONDAY);
        return { sam, itemId, email: booked.meeting.visitorEmail, meetingId: booked.meeting.id };
      }

      /** The cancellations mailed to the visitor and the staff member: what each says, and its invitation. */
      async function cancellationsMailed(visitor: string, staffEmail: string) {
        const mailed = () => [...mailsTo(smtp.received, visitor), ...mailsTo(smtp.received, staffEmail)].filter((mail) => /cancelled/.test(mail.subject));
        await pollUntil(() => mailed().length === 2, { what: 'the two cancellations' });
        return mailed().map((mail) => ({ subject: mail.subject, invitation: mailedInvitation(mail) }));
      }

      it('exports the calls of an address; its erasure cancels a call not over yet first, mailed to both sides, and keeps no row of it', async () => {
        const { sam, itemId, email, meetingId } = await withCall('Eve Erased');
        const { data } = await t.app.get(PrivacyService).export(email);
        expect(data.meetings).toEqual([
          {
            kind: 'contact',
            itemId,
            start: '2030-01-07T09:00:00.000Z',
            end: '2030-01-07T09:30:00.000Z',
            with: 'Sam Sales',
            visitorName: 'Eve Erased',
            visitorEmail: email,
            timeZone: 'Asia/Tokyo',
            bookedAt: expect.any(String),
            cancelledAt: null,
          },
        ]);

        await t.app.get(PrivacyService).erase(email);
        const invitation = {
          partMethod: 'CANCEL',
          method: 'CANCEL',
          uid: uidOf(meetingId),
          sequence: 1,
          status: 'CANCELLED',
          start: '2030-01-07T09:00:00.000Z',
        };
        expect(await cancellationsMailed(email, sam.email)).toEqual(
          expect.arrayContaining([
            { subject: `Your call with ${company()} is cancelled`, invitation: expect.objectContaining(invitation) },
            { subject: 'Call cancelled: Eve Erased', invitation: expect.objectContaining(invitation) },
          ]),
        );
        // Sent, then deleted: nothing about the erased request is left in the outbox.
        await pollUntil(async () => (await db().select().from(deliveries).where(eq(deliveries.subjectId, itemId))).length === 0, {
          what: 'the cancellations deleted once sent',
        });
        const [erasure] = await db()
          .select()
          .from(auditEntries)
          .where(eq(auditEntries.action, 'privacy.erased'))
          .orderBy(sql`${auditEntries.createdAt} desc`)
          .limit(1);
        expect(erasure?.details).toMatchObject({ contacts: 1, callsCancelled: 1 });
      });

      it('cancels a call not over yet of a request the retention purge removes, the same way', async () => {
        const { sam, itemId, email } = await withCall('Pat Purged');
        await db()
          .update(contacts)
          .set({ updatedAt: new Date(Date.now() - 3 * 365 * DAY) })
          .where(eq(contacts.id, itemId));
        expect(await t.app.get(RetentionPurge).purge()).toMatchObject({ contacts: 1, callsCancelled: 1 });
        expect((await cancellationsMailed(email, sam.email)).map((mail) => mail.subject).sort()).toEqual([
          'Call cancelled: Pat Purged',
          `Your call with ${company()} is cancelled`,
        ]);
      });
    });
  });

  describe('the database keeps one owner’s active calls apart, with the larger buffer between two', () => {
    let ownerId: string;
    let otherOwnerId: string;

    beforeAll(async () => {
      ownerId = (await staff('Sam Sales', ALWAYS)).id;
      otherOwnerId = (await staff('Sue Sales', ALWAYS)).id;
      await insert(ownerId, '2030-02-04T10:00:00Z', '2030-02-04T10:30:00Z', 15);
    });

    /** A call of `owner` written straight to the table (no slot check): the constraints alone decide. */
    async function insert(owner: string, start: string, end: string, bufferMinutes: number, cancelled = false): Promise<string> {
      const lead = await item(owner);
      const [row] = await db()
        .insert(meetings)
        .values({
          leadId: lead,
          ownerId: owner,
          startAt: at(start),
          endAt: at(end),
          bufferMinutes,
          visitorName: 'V',
          visitorEmail: 'v@example.com',
          cancelledAt: cancelled ? new Date() : null,
        })
        .returning({ id: meetings.id });
      return required(row, 'the meeting').id;
    }
    /** 'accepted', or 'refused' when one of the two exclusion constraints refused it (which one: the engine's order). */
    async function refused(owner: string, start: string, end: string, bufferMinutes: number): Promise<string> {
      try {
        await insert(owner, start, end, bufferMinutes);
      } catch (error) {
        const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
        return cause?.code === '23P01' && /^meetings_buffer_(after|before)_excl$/.test(cause.constraint ?? '')
          ? 'refused'
          : `${cause?.code} ${cause?.constraint}`;
      }
      return 'accepted';
    }

    it.each([
      ['overlapping it', '2030-02-04T10:15:00Z', '2030-02-04T10:45:00Z', 0, 'refused'],
      ['at the same times', '2030-02-04T10:00:00Z', '2030-02-04T10:30:00Z', 0, 'refused'],
      ['inside its buffer after it', '2030-02-04T10:44:00Z', '2030-02-04T11:14:00Z', 0, 'refused'],
      ['inside its buffer before it', '2030-02-04T09:16:00Z', '2030-02-04T09:46:00Z', 0, 'refused'],
      ['with a buffer of its own that reaches it', '2030-02-04T10:50:00Z', '2030-02-04T11:20:00Z', 30, 'refused'],
      ['its buffer away, after', '2030-02-04T10:45:00Z', '2030-02-04T11:15:00Z', 0, 'accepted'],
      ['its buffer away, before', '2030-02-04T09:15:00Z', '2030-02-04T09:45:00Z', 15, 'accepted'],
    ])('a call %s (%s to %s, buffer %d) is %s', async (_what, start, end, buffer, expected) => {
      // Each accepted one is its own: a later row could meet it.
      const answer = await refused(ownerId, start, end, buffer);
      expect(answer).toBe(expected);
      if (answer === 'accepted')
        await db()
          .delete(meetings)
          .where(and(eq(meetings.ownerId, ownerId), eq(meetings.startAt, at(start))));
    });

    it('lets another owner have the same time, and a cancelled call blocks nothing', async () => {
      expect(await refused(otherOwnerId, '2030-02-04T10:00:00Z', '2030-02-04T10:30:00Z', 15)).toBe('accepted');
      await insert(ownerId, '2030-02-05T10:00:00Z', '2030-02-05T10:30:00Z', 15, true);
      expect(await refused(ownerId, '2030-02-05T10:00:00Z', '2030-02-05T10:30:00Z', 15)).toBe('accepted');
    });

    it('keeps one active call per request: a second one is refused', async () => {
      const lead = await item(ownerId);
      const values = { leadId: lead, ownerId, bufferMinutes: 0, visitorName: 'V', visitorEmail: 'v@example.com' };
      await db()
        .insert(meetings)
        .values({ ...values, startAt: at('2030-03-04T10:00:00Z'), endAt: at('2030-03-04T10:30:00Z') });
      await expect(
        db()
          .insert(meetings)
          .values({ ...values, startAt: at('2030-03-05T10:00:00Z'), endAt: at('2030-03-05T10:30:00Z') }),
      ).rejects.toMatchObject({
        cause: { code: '23505', constraint: 'meetings_active_lead_unique' },
      });
    });
  });

  describeEngineDependent('two bookings at once', () => {
    it('of one slot of one owner by two visitors: one is booked (201), the other answered 409 with free slots', async () => {
      const sam = await staff('Sam Sales', ALWAYS);
      for (let round = 0; round < 3; round++) {
        const [first, second] = [tokenOf(await item(sam.id)), tokenOf(await item(sam.id))];
        const { slots } = (await t.http.get(`/api/booking/${first}/slots`).expect(200)).body as { slots: BookingSlot[] };
        const start = required(slots[10 + round], 'a slot').start;
        const answers = await Promise.all([first, second].map((token) => t.http.post(`/api/booking/${token}`).send({ start })));
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
        expect(answers.find((answer) => answer.status === 409)?.body.slots.length).toBeGreaterThan(0);
      }
      expect(await activeMeetingsOf(sam.id)).toHaveLength(3);
    });

    it('of two slots of one owner that its buffer keeps apart: one is booked, the other refused', async () => {
      const sam = await staff('Sam Sales', { ...ALWAYS, bufferMinutes: 15 });
      for (let round = 0; round < 3; round++) {
        const [first, second] = [tokenOf(await item(sam.id)), tokenOf(await item(sam.id))];
        const { slots } = (await t.http.get(`/api/booking/${first}/slots`).expect(200)).body as { slots: BookingSlot[] };
        // Back to back: free each alone, but less than the buffer apart.
        const starts = [required(slots[20 + 4 * round], 'a slot').start, required(slots[21 + 4 * round], 'the next slot').start];
        const answers = await Promise.all([first, second].map((token, index) => t.http.post(`/api/booking/${token}`).send({ start: starts[index] })));
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      }
      expect(await activeMeetingsOf(sam.id)).toHaveLength(3);
    });

    it('written at the same moment without the slot check: the exclusion constraints alone let one through', async () => {
      const sam = await staff('Sam Sales', ALWAYS);
      const repository = t.app.get(MeetingsRepository);
      const items = await Promise.all([item(sam.id), item(sam.id), item(sam.id), item(sam.id)]);
      const written = await Promise.all(
        items.map((itemId, index) =>
          repository.book(
            'lead',
            itemId,
            { ownerId: sam.id, start: at(`2030-04-01T10:${String(index * 10).padStart(2, '0')}:00Z`), end: at('2030-04-01T10:45:00Z'), bufferMinutes: 0 },
            async () => undefined,
          ),
        ),
      );
      expect(written.filter((write) => write === 'taken')).toHaveLength(items.length - 1);
      expect(await activeMeetingsOf(sam.id)).toHaveLength(1);
    });
  });
  describe('Interviews', () => {
    let jobId: string;
    let owner: { Authorization: string };
    const interviewBooking = () => t.app.get(InterviewBooking);

    /** An application to the test job, written to the database. */
    async function application(fullName = 'Cara Candidate', status: ApplicationStatus = 'reviewed'): Promise<{ id: string; email: string }> {
      const email = `cara-${randomBytes(3).toString('hex')}@example.com`;
      const [row] = await db()
        .insert(jobApplications)
        .values({
          jobId,
          fullName,
          email,
          phone: '+15550100',
          experience: '2 years',
          resumeKey: `resume-${email}`,
          resumeMimeType: 'application/pdf',
          resumeExtension: 'pdf',
          resumeSize: 1000,
          status,
        })
        .returning({ id: jobApplications.id });
      return { id: required(row, 'the application').id, email };
    }

    /** An invitation written to the database (the routes' test sends one through the API). */
    async function invitation(applicationId: string, interviewerIds: string[], minutes = 45): Promise<string> {
      const row = await InterviewsRepository.insert(db(), {
        applicationId,
        interviewerIds,
        minutes,
        statusOnBooking: 'shortlisted',
        expiresAt: new Date('2100-01-01T00:00:00Z'),
      });
      return row.id;
    }

    beforeAll(async () => {
      const [job] = await db()
        .insert(jobs)
        .values({
          title: 'Welder',
          department: 'operations',
          location: 'onsite',
          type: 'full-time',
          experience: '2 years',
          description: 'Weld.',
          requirements: [],
        })
        .returning({ id: jobs.id });
      jobId = required(job, 'the job').id;
      owner = { Authorization: `Bearer ${await signInThroughSmtp(t, smtp.received)}` };
    });

    it('offers only the half hours when every interviewer is free, minus each one’s other calls', async () => {
      const ada = await staff('Ada Recruiter', { ...MONDAY_MORNINGS, bufferMinutes: 0 }, 'recruiter');
      const bo = await staff('Bo Engineer', { ...MONDAY_MORNINGS, bufferMinutes: 0, weekly: [{ day: 1, start: '11:00', end: '15:00' }] });
      const interviewId = await invitation((await application()).id, [ada.id, bo.id]);
      const day = { from: '2030-01-07T00:00:00Z', to: '2030-01-08T00:00:00Z' };
      expect(startsOf((await interviewBooking().slots(interviewId, day, MONDAY)).slots)).toEqual([
        '2030-01-07T11:00Z',
        '2030-01-07T11:30Z',
        '2030-01-07T12:00Z',
      ]);
      // Ada's call about a quote request at 11:30 leaves the time after it.
      await booking().book(tokenOf(await item(ada.id)), { start: '2030-01-07T11:30:00Z' }, MONDAY);
      expect(startsOf((await interviewBooking().slots(interviewId, day, MONDAY)).slots)).toEqual(['2030-01-07T12:00Z']);
      const refused = await refusal(interviewBooking().book(interviewId, { start: '2030-01-07T11:00:00Z' }, MONDAY));
      expect(refused).toMatchObject({ code: 'conflict', message: BOOKING_MESSAGES.slotTaken });
      expect(startsOf(refused.slots ?? [])[0]).toBe('2030-01-07T12:00Z');
    });

    it('is invited, booked, moved and cancelled through the routes, one call per interviewer', async () => {
      const ada = await staff('Ada Recruiter', ALWAYS, 'recruiter');
      const bo = await staff('Bo Engineer', ALWAYS);
      const hoursless = await staff('Hal Hoursless', { weekly: [] });
      const cara = await application();
      const base = `/api/jobs/applications/${cara.id}`;
      const receiver = await startWebhookReceiver();
      const hook = await t.http
        .post('/api/admin/settings/webhooks')
        .set(owner)
        .send({ url: `http://127.0.0.1:${receiver.port}/interviews`, events: ['meeting.booked', 'meeting.rescheduled', 'meeting.cancelled'] })
        .expect(201);

      const { interviewers } = (await t.http.get(`${base}/interviewers`).set(owner).expect(200)).body as { interviewers: Interviewer[] };
      expect(interviewers.find((one) => one._id === ada.id)?.notBookable).toBeNull();
      expect(interviewers.find((one) => one._id === hoursless.id)?.notBookable).toBe('No working hours set');

      const refused = await t.http.post(`${base}/interview`).set(owner).send({ interviewerIds: [], minutes: 5, statusOnBooking: 'maybe' }).expect(400);
      expect(refused.body.errors).toEqual({
        interviewerIds: INTERVIEW_MESSAGES.interviewerCount,
        minutes: INTERVIEW_MESSAGES.minutes,
        statusOnBooking: INTERVIEW_MESSAGES.statusOnBooking,
      });
      const unavailable = await t.http
        .post(`${base}/interview`)
        .set(owner)
        .send({ interviewerIds: [ada.id, hoursless.id], minutes: 45, statusOnBooking: 'shortlisted' })
        .expect(400);
      expect(unavailable.body.errors).toEqual({ interviewerIds: INTERVIEW_MESSAGES.interviewerUnavailable('Hal Hoursless') });
      expect(await db().select().from(interviews).where(eq(interviews.applicationId, cara.id))).toEqual([]);

      const sent = await t.http
        .post(`${base}/interview`)
        .set(owner)
        .send({ interviewerIds: [ada.id, bo.id], minutes: 45, statusOnBooking: 'shortlisted', message: 'We look forward to it.' })
        .expect(201);
      expect(sent.body).toMatchObject({
        success: true,
        message: INTERVIEW_MESSAGES.sent,
        interview: { state: 'invited', minutes: 45, interviewers: [{ _id: ada.id }, { _id: bo.id }] },
      });
      await t.http
        .post(`${base}/interview`)
        .set(owner)
        .send({ interviewerIds: [ada.id], minutes: 30, statusOnBooking: 'shortlisted' })
        .expect(409);

      // The candidate's mail, sent through the outbox, carries the link to pick a time.
      const mail = await pollUntil(() => mailsTo(smtp.received, cara.email)[0], { what: 'the invitation mail' });
      expect(mail.text).toContain('We look forward to it.');
      const token = required(/\/book\/([\w-]{50})/.exec(mail.text)?.[1], 'the link in the mail');
      const details = await t.http.get(`/api/booking/${token}`).expect(200);
      expect(details.body).toMatchObject({ kind: 'interview', with: 'Ada and Bo', meetingMinutes: 45, meeting: null });

      const { slots } = (await t.http.get(`/api/booking/${token}/slots`).expect(200)).body as { slots: BookingSlot[] };
      const [first, later] = [required(slots[4], 'a slot'), required(slots[10], 'a later slot')];
      const booked = await t.http.post(`/api/booking/${token}`).send({ start: first.start, timeZone: 'Europe/Berlin' }).expect(201);
      expect(booked.body.meeting).toMatchObject({ start: first.start, with: 'Ada and Bo' });
      const calls = await db()
        .select()
        .from(meetings)
        .where(isNull(meetings.cancelledAt))
        .then((rows) => rows.filter((row) => row.interviewId === sent.body.interview._id));
      expect(calls.map((call) => call.ownerId).sort()).toEqual([ada.id, bo.id].sort());
      const [moved] = await db().select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, cara.id));
      expect(moved?.status).toBe('shortlisted');
      const audit = await db().select().from(auditEntries).where(eq(auditEntries.targetId, cara.id));
      expect(audit.map((entry) => [entry.action, entry.actor])).toEqual(
        expect.arrayContaining([
          ['application.interview_invited', 'admin'],
          ['application.status_changed', 'system'],
          ['application.meeting_booked', 'system'],
        ]),
      );
      // The candidate once (every interviewer named), each interviewer their own invitation.
      const invitations = await db()
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.subjectId, cara.id), eq(deliveries.topic, 'application.meeting'), ne(deliveries.status, 'scheduled')));
      expect(invitations).toHaveLength(3);
      expect(invitations.map((row) => row.recipient).sort()).toEqual([cara.email, ada.email, bo.email].sort());
      await pollUntil(
        () => mailsTo(smtp.received, cara.email).find((mail) => mail.subject === `Your interview with ${companyNameOf(t.config.mail.from)} is booked`),
        {
          what: "the candidate's invitation",
        },
      );
      await pollUntil(() => mailsTo(smtp.received, bo.email).find((mail) => mail.subject === 'Interview booked: Cara Candidate'), { what: "Bo's invitation" });
      const candidateCopy = required(
        invitations.find((row) => row.recipient === cara.email),
        "the candidate's invitation",
      );
      expect((candidateCopy.payload as MeetingMailPayload).staff.name).toBe('Ada Recruiter and Bo Engineer');

      const timeline = (await t.http.get(`${base}/timeline`).set(owner).expect(200)).body.events as Array<{
        type: string;
        detail: string;
        actor: string | null;
      }>;
      expect(timeline).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'interview_invited', detail: 'Invited the candidate to an interview with Ada Recruiter and Bo Engineer' }),
          expect.objectContaining({
            type: 'meeting_booked',
            actor: 'Cara Candidate',
            detail: expect.stringMatching(/^Interview booked for .+ with Ada Recruiter and Bo Engineer$/),
          }),
        ]),
      );
      // The board's card and the list say it is booked.
      const listed = await t.http.get(`${base}/interviews`).set(owner).expect(200);
      expect(listed.body.interviews[0]).toMatchObject({ state: 'booked', start: first.start });
      const board = await t.http.get(`/api/jobs/admin/${jobId}/pipeline`).set(owner).expect(200);
      const card = (board.body.columns as Array<{ cards: Array<{ _id: string; interview: unknown }> }>)
        .flatMap((column) => column.cards)
        .find((one) => one._id === cara.id);
      expect(card?.interview).toEqual({ _id: sent.body.interview._id, state: 'booked', start: first.start });

      await t.http.post(`/api/booking/${token}`).send({ start: later.start }).expect(201);
      const movedCalls = await db()
        .select()
        .from(meetings)
        .where(and(eq(meetings.interviewId, sent.body.interview._id), isNull(meetings.cancelledAt)));
      expect(movedCalls.map((call) => [call.startAt.toISOString(), call.sequence])).toEqual([
        [later.start, 1],
        [later.start, 1],
      ]);

      // Withdrawn by the recruiter: the calls are cancelled and the link stops working.
      await t.http.delete(`${base}/interviews/${sent.body.interview._id}`).set(owner).expect(200);
      expect(
        await db()
          .select()
          .from(meetings)
          .where(and(eq(meetings.interviewId, sent.body.interview._id), isNull(meetings.cancelledAt))),
      ).toEqual([]);
      expect((await t.http.get(`/api/booking/${token}`).expect(410)).body.message).toBe(BOOKING_MESSAGES.interviewWithdrawn);
      await t.http.delete(`${base}/interviews/${sent.body.interview._id}`).set(owner).expect(409);

      // One webhook call per change of the interview, for all its interviewers, with the application as
      // application.created carries it.
      const callsOf = () =>
        receiver.calls.map((call) => JSON.parse(call.body) as { type: string; data: MeetingWebhookData }).filter((body) => body.data.itemId === cara.id);
      const bodies = await pollUntil(() => callsOf().length === 3 && callsOf(), { what: "the interview's three webhook calls" });
      const firstCall = required(
        movedCalls.find((call) => call.ownerId === ada.id),
        "Ada's call",
      ).id;
      const interview = {
        _id: firstCall,
        itemKind: 'application',
        itemId: cara.id,
        interviewId: sent.body.interview._id,
        staffId: ada.id,
        staffIds: [ada.id, bo.id],
      };
      const shown = expect.objectContaining({ _id: cara.id, fullName: 'Cara Candidate', email: cara.email });
      expect(bodies.map((body) => [body.type, body.data]).sort()).toEqual([
        ['meeting.booked', { ...interview, start: first.start, end: first.end, previousStart: null, item: shown }],
        ['meeting.cancelled', { ...interview, start: later.start, end: later.end, previousStart: null, item: shown }],
        ['meeting.rescheduled', { ...interview, start: later.start, end: later.end, previousStart: first.start, item: shown }],
      ]);
      await t.http.delete(`/api/admin/settings/webhooks/${hook.body.data._id}`).set(owner).expect(200);
      await receiver.close();
    });

    it('lets the candidate cancel, and book again with the same link', async () => {
      const ada = await staff('Ada Recruiter', ALWAYS, 'recruiter');
      const cara = await application();
      const interviewId = await invitation(cara.id, [ada.id], 30);
      const token = signBookingLink(t.config.keys.bookingLinks, { kind: 'interview', itemId: interviewId, expiresAt: new Date('2100-01-01T00:00:00Z') });
      const { slots } = (await t.http.get(`/api/booking/${token}/slots`).expect(200)).body as { slots: BookingSlot[] };
      await t.http
        .post(`/api/booking/${token}`)
        .send({ start: required(slots[3], 'a slot').start })
        .expect(201);
      await t.http.delete(`/api/booking/${token}`).expect(200);
      await t.http.delete(`/api/booking/${token}`).expect(409);
      await t.http
        .post(`/api/booking/${token}`)
        .send({ start: required(slots[5], 'a slot').start })
        .expect(201);
    });

    it('is in the candidate’s privacy export; their erasure cancels a booked interview first, told to everyone once', async () => {
      const ada = await staff('Ada Recruiter', MONDAY_MORNINGS, 'recruiter');
      const bo = await staff('Bo Engineer', MONDAY_MORNINGS);
      const cara = await application('Cara Erased');
      const interviewId = await invitation(cara.id, [ada.id, bo.id], 30);
      await interviewBooking().book(interviewId, { start: '2030-01-07T10:00:00Z' }, MONDAY);
      const { data } = await t.app.get(PrivacyService).export(cara.email);
      expect(data.meetings.map((meeting) => [meeting.kind, meeting.itemId, meeting.with, meeting.start]).sort()).toEqual([
        ['application', cara.id, 'Ada Recruiter', '2030-01-07T10:00:00.000Z'],
        ['application', cara.id, 'Bo Engineer', '2030-01-07T10:00:00.000Z'],
      ]);

      await t.app.get(PrivacyService).erase(cara.email);
      expect(await db().select().from(meetings).where(eq(meetings.interviewId, interviewId))).toEqual([]);
      const cancelled = (address: string) => mailsTo(smtp.received, address).filter((mail) => /cancelled/.test(mail.subject));
      await pollUntil(() => cancelled(cara.email).length === 1 && cancelled(ada.email).length === 1 && cancelled(bo.email).length === 1, {
        what: 'one cancellation to the candidate and to each interviewer',
      });
      expect(mailedInvitation(required(cancelled(bo.email)[0], "Bo's cancellation"))).toMatchObject({ method: 'CANCEL', start: '2030-01-07T10:00:00.000Z' });
    });

    describeEngineDependent('an interview and a call booked at once', () => {
      it('two bookings sharing an interviewer at the same time: one wins, the other writes nothing for anyone', async () => {
        const now = new Date('2030-03-01T00:00:00Z');
        for (let round = 0; round < 3; round++) {
          const ada = await staff('Ada Recruiter', ALWAYS, 'recruiter');
          const bo = await staff('Bo Engineer', ALWAYS);
          const interviewId = await invitation((await application()).id, [ada.id, bo.id], 30);
          const leadToken = tokenOf(await item(ada.id));
          const start = `2030-03-0${4 + round}T10:00:00Z`;
          const results = await Promise.allSettled([interviewBooking().book(interviewId, { start }, now), booking().book(leadToken, { start }, now)]);
          expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
          // The other is the 409 with the next free times, never an error of the server.
          const lost = required(
            results.find((result) => result.status === 'rejected'),
            'the booking that lost',
          ) as PromiseRejectedResult;
          expect(lost.reason).toBeInstanceOf(DomainError);
          expect((lost.reason as DomainError).code).toBe('conflict');
          expect(await activeMeetingsOf(ada.id)).toHaveLength(1);
          // An interview that lost left no call with its other interviewer either.
          expect(await activeMeetingsOf(bo.id)).toHaveLength(results[0].status === 'fulfilled' ? 1 : 0);
        }
      });
    });

    it('an interviewer disabled leaves their booked interviews: the candidate is told only when nobody is left to hold one', async () => {
      const ada = await staff('Ada Recruiter', ALWAYS, 'recruiter');
      const bo = await staff('Bo Engineer', ALWAYS);
      const [withBoth, withAda] = [await application('Cara Both'), await application('Dan Ada')];
      const [both, adaOnly] = [await invitation(withBoth.id, [ada.id, bo.id], 30), await invitation(withAda.id, [ada.id], 30)];
      const now = new Date();
      for (const [interviewId, index] of [
        [both, 2],
        [adaOnly, 4],
      ] as const) {
        const slot = required((await interviewBooking().slots(interviewId, {}, now)).slots[index], 'a free slot');
        await interviewBooking().book(interviewId, { start: slot.start }, now);
      }

      expect(await t.app.get(AdminsService).change(ada.id, { disabled: true })).toMatchObject({ callsCancelled: 2 });
      const active = async (interviewId: string) =>
        (
          await db()
            .select()
            .from(meetings)
            .where(and(eq(meetings.interviewId, interviewId), isNull(meetings.cancelledAt)))
        ).map((row) => row.ownerId);
      expect(await active(both)).toEqual([bo.id]);
      expect(await active(adaOnly)).toEqual([]);
      const cancellations = async (applicationId: string) =>
        (
          await db()
            .select()
            .from(deliveries)
            .where(and(eq(deliveries.subjectId, applicationId), eq(deliveries.topic, 'application.meeting')))
        )
          .map((row) => row.payload as MeetingMailPayload)
          .filter((payload) => payload.kind === 'cancelled')
          .map((payload) => payload.audience)
          .sort();
      expect(await cancellations(withBoth.id)).toEqual(['staff']);
      expect(await cancellations(withAda.id)).toEqual(['staff', 'visitor']);
      const timeline = await t.app.get(WorkspaceService).timeline('application', withBoth.id);
      expect(timeline.find((event) => event.type === 'meeting_cancelled')?.detail).toMatch(
        /^Interview for .* with Ada Recruiter cancelled: their account was disabled$/,
      );
      // The candidate still held by Bo sees the interview with him, and can cancel it; no new time can be booked.
      expect(await interviewBooking().details(both)).toMatchObject({ with: 'Bo', meeting: { with: 'Bo' } });
      expect(await refusal(interviewBooking().slots(both, {}, now))).toMatchObject({ code: 'gone', message: BOOKING_MESSAGES.interviewersUnavailable });
      await interviewBooking().cancel(both, now);
      expect(await active(both)).toEqual([]);
    });

    it('refuses {{schedulingLink}} in any other candidate mail', async () => {
      const cara = await application();
      const answer = await t.http
        .post(`/api/jobs/applications/${cara.id}/emails`)
        .set(owner)
        .send({ subject: 'Hello', body: 'Pick a time: {{schedulingLink}}' })
        .expect(400);
      expect(answer.body.message).toBe(INTERVIEW_MESSAGES.schedulingLinkOnlyInInvitations);
    });
  });
});

describeOnPostgres('Reminders with two instances on one PostgreSQL', () => {
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

  it('sends each reminder of a booked call once, whichever instance claims it', async () => {
    const db = a.app.get<symbol, Database>(DATABASE);
    const [owner] = await db
      .insert(admins)
      .values({ email: 'rémi@booking.test', name: 'Rémi Reminder', role: 'sales', passwordHash: 'not-a-hash' })
      .returning();
    const ownerId = required(owner, 'the staff member').id;
    await db.insert(availabilities).values({ adminId: ownerId, ...ALWAYS, busyCalendarUrl: null });
    const calls = 4;
    for (let index = 0; index < calls; index++) {
      const email = `twin.${index}@example.com`;
      const [lead] = await db
        .insert(leads)
        .values({ name: `Twin ${index}`, email, service: 'web', message: 'Hi', ownerId })
        .returning({ id: leads.id });
      const token = signBookingLink(a.config.keys.bookingLinks, {
        kind: 'lead',
        itemId: required(lead, 'the lead').id,
        expiresAt: new Date('2100-01-01T00:00:00Z'),
      });
      // Two days ahead, each its own half hour: both reminders are scheduled.
      const start = new Date(Math.ceil(Date.now() / (30 * MINUTE)) * 30 * MINUTE + 2 * DAY + index * 30 * MINUTE);
      await a.app.get(BookingService).book(token, { start: start.toISOString() });
    }
    // Their time come: every reminder due in a second, for both instances' delivery workers to find at once.
    const due = new Date(Date.now() + 1000);
    const reminders = await db
      .update(deliveries)
      .set({ nextAttemptAt: due, sendAt: due })
      .where(and(eq(deliveries.topic, MEETING_TOPICS.lead), eq(deliveries.status, 'scheduled')))
      .returning({ id: deliveries.id });
    // Each call: the day's and the hour's reminder, to the visitor and to the staff member.
    expect(reminders).toHaveLength(calls * 4);
    const sent = () => [...a.outbox(), ...b.outbox()].map(readMessageFile).filter((mail) => mail.subject.startsWith('Reminder:'));
    await pollUntil(() => (sent().length >= reminders.length ? true : undefined), { what: 'every reminder' });
    // Both instances looked a few more times meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(sent()).toHaveLength(reminders.length);
    const rows = await db
      .select({ status: deliveries.status, attempts: deliveries.attempts })
      .from(deliveries)
      .where(
        inArray(
          deliveries.id,
          reminders.map((row) => row.id),
        ),
      );
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});
