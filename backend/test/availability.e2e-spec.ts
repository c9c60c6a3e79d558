import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_AVAILABILITY, type Availability, type AvailabilityView } from '@brightwave/common';
import { Logger } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { AvailabilityService } from '../src/booking/availability.service';
import { BusyCalendarUrlsAtRest } from '../src/booking/busy-calendar-urls-at-rest';
import { BusyFeedService } from '../src/booking/busy-feed.service';
import { AVAILABILITY_FIELD_MESSAGES } from '../src/booking/dto/availability.dto';
import { DomainError } from '../src/common/domain-error';
import { DATABASE, type Database } from '../src/database/database';
import { admins, availabilities } from '../src/database/schema';
import { openSecret } from '../src/webhooks/webhook-secret-box';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { createTestApp, TEST_ADMIN, type RestartableTestApp } from './support/test-app';

// Booking a call (docs/features/booking.md): each admin's availability, through the service against a real database
// (the many cases of each field's shape are src/booking/dto/availability.dto.spec.ts) and each route once, and the
// busy calendar feed read from a real HTTP server.

const BOOT_TIMEOUT_MS = 120_000;
// A public address (TEST-NET-3): no DNS lookup at save, and no call is made to it by these tests.
const CALENDAR_URL = 'https://203.0.113.7/calendar/private-4f9c2b.ics';
const mondayToFriday = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));
const availability: Availability = {
  timeZone: 'Europe/London',
  weekly: mondayToFriday,
  meetingMinutes: 45,
  bufferMinutes: 15,
  minNoticeHours: 12,
  maxDaysAhead: 60,
};
const view: AvailabilityView = { ...availability, hasBusyCalendar: false, busyCalendarProblem: null };

// A week in 2030 with one meeting on its Wednesday, 10:00 to 11:30 UTC.
const WEEK = { from: new Date('2030-01-07T00:00:00Z'), to: new Date('2030-01-14T00:00:00Z') };
const MEETING = { start: new Date('2030-01-09T10:00:00Z'), end: new Date('2030-01-09T11:30:00Z') };
const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Brightwave tests//EN',
  'BEGIN:VEVENT',
  'UID:meeting-1@example.com',
  'DTSTAMP:20291201T000000Z',
  'DTSTART:20300109T100000Z',
  'DTEND:20300109T113000Z',
  'SUMMARY:Board meeting',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A real calendar server: `/busy.ics` answers the feed, `/down.ics` a 500, `/garbage.ics` text that is no calendar; counts requests per path. */
async function startCalendarServer() {
  const requests = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    if (path.startsWith('/busy')) response.writeHead(200, { 'content-type': 'text/calendar' }).end(FEED);
    else if (path === '/garbage.ics') response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in to see this calendar</html>');
    else response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requestsTo: (path: string) => requests.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('Availability for booked calls', () => {
  let t: RestartableTestApp;
  let owner: { Authorization: string };
  let recruiter: { Authorization: string };
  let ownerId: string;
  let recruiterId: string;

  // Read from the app of the moment: the feed's tests start it again.
  const service = () => t.app.get(AvailabilityService);
  const db = () => t.app.get<symbol, Database>(DATABASE);
  const storedRow = async (adminId: string) => (await db().select().from(availabilities).where(eq(availabilities.adminId, adminId)))[0];
  const storedUrl = async (adminId: string) => {
    const sealed = (await storedRow(adminId))?.busyCalendarUrl;
    return sealed ? openSecret(t.config.keys.busyCalendarUrls, sealed, 'busy calendar URL').secret : null;
  };
  const idOf = async (email: string) => (await db().select({ id: admins.id }).from(admins).where(eq(admins.email, email)))[0]?.id ?? '';

  /** What the service refuses: its field errors. */
  async function refusal(save: () => Promise<unknown>): Promise<Record<string, string>> {
    try {
      await save();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      expect(error.code).toBe('invalid');
      return error.details.errors ?? {};
    }
    throw new Error('it was stored');
  }

  beforeAll(async () => {
    // The address rules as in production (https:// only, nothing inside the network); the feed's tests lift them.
    t = await createTestApp();
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    recruiter = {
      Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'recruiter', { email: 'recruiter@availability.test', password: 'a-recruiter-password-42' })}`,
    };
    ownerId = await idOf(TEST_ADMIN.email);
    recruiterId = await idOf('recruiter@availability.test');
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  describe(AvailabilityService.name, () => {
    it('gives an admin who never saved one the defaults with no weekly windows, and stores nothing', async () => {
      expect(await service().availabilityOf(ownerId)).toEqual({ ...DEFAULT_AVAILABILITY, weekly: [], hasBusyCalendar: false, busyCalendarProblem: null });
      expect(await storedRow(ownerId)).toBeUndefined();
    });

    it('stores the windows in the order of the week, whatever order they came in', async () => {
      const saved = await service().save(ownerId, { ...availability, weekly: [...mondayToFriday].reverse() });
      expect(saved).toEqual(view);
      expect((await storedRow(ownerId))?.weekly).toEqual(mondayToFriday);
    });

    it('stores the busy calendar sealed, answers only that there is one, and reads webcal:// as https://', async () => {
      expect(await service().save(ownerId, { ...availability, busyCalendarUrl: CALENDAR_URL })).toEqual({ ...view, hasBusyCalendar: true });
      const sealed = (await storedRow(ownerId))?.busyCalendarUrl;
      expect(sealed).toMatch(/^enc:v1:/);
      expect(sealed).not.toContain('203.0.113.7');
      expect(await storedUrl(ownerId)).toBe(CALENDAR_URL);

      await service().save(ownerId, { ...availability, busyCalendarUrl: 'webcal://203.0.113.7/calendar/shared.ics' });
      expect(await storedUrl(ownerId)).toBe('https://203.0.113.7/calendar/shared.ics');
    });

    it('keeps the stored busy calendar when the field is left out, and removes it for null', async () => {
      await service().save(ownerId, { ...availability, busyCalendarUrl: CALENDAR_URL });
      const sealed = (await storedRow(ownerId))?.busyCalendarUrl;
      expect(await service().save(ownerId, { ...availability, meetingMinutes: 30 })).toEqual({ ...view, meetingMinutes: 30, hasBusyCalendar: true });
      expect((await storedRow(ownerId))?.busyCalendarUrl).toBe(sealed);

      expect(await service().save(ownerId, { ...availability, busyCalendarUrl: null })).toEqual(view);
      expect((await storedRow(ownerId))?.busyCalendarUrl).toBeNull();
    });

    it.each([
      ['http://203.0.113.7/busy.ics', 'The URL must start with https://'],
      ['ftp://203.0.113.7/busy.ics', 'The URL must start with https://'],
      ['calendar.example.com/busy.ics', 'Please provide a full URL, such as https://calendar.example.com/private/busy.ics'],
      ['', 'Please provide a full URL, such as https://calendar.example.com/private/busy.ics'],
      ['https://10.0.0.5/busy.ics', 'Busy calendars cannot be read from addresses inside the network: 10.0.0.5 is a private address'],
      ['https://127.0.0.1:8080/busy.ics', 'Busy calendars cannot be read from addresses inside the network: 127.0.0.1 is a loopback address'],
      ['webcal://169.254.169.254/latest', 'Busy calendars cannot be read from addresses inside the network: 169.254.169.254 is a cloud metadata address'],
      ['https://[::1]/busy.ics', 'Busy calendars cannot be read from addresses inside the network: ::1 is a loopback address'],
    ])('refuses the busy calendar %p, naming the field, and stores nothing', async (busyCalendarUrl, message) => {
      const before = await storedRow(ownerId);
      expect(await refusal(() => service().save(ownerId, { ...availability, maxDaysAhead: 7, busyCalendarUrl }))).toEqual({ busyCalendarUrl: message });
      expect(await storedRow(ownerId)).toEqual(before);
    });

    it('records each save in the audit log with the names of the fields it changed, never the calendar address', async () => {
      await service().save(ownerId, { ...availability, busyCalendarUrl: null });
      await service().save(ownerId, { ...availability, timeZone: 'America/New_York', bufferMinutes: 0, busyCalendarUrl: CALENDAR_URL });
      await service().save(ownerId, { ...availability, timeZone: 'America/New_York', bufferMinutes: 0, busyCalendarUrl: CALENDAR_URL });
      const entries = (await t.http.get('/api/admin/audit?action=settings.availability_changed&limit=2').set(owner).expect(200)).body.entries as {
        targetKind: string;
        targetId: string;
        details: Record<string, unknown>;
      }[];
      // Newest first: the same address again changes nothing.
      expect(entries.map(({ targetKind, targetId, details }) => ({ targetKind, targetId, fields: details.fields }))).toEqual([
        { targetKind: 'admin', targetId: ownerId, fields: [] },
        { targetKind: 'admin', targetId: ownerId, fields: ['timeZone', 'bufferMinutes', 'busyCalendarUrl'] },
      ]);
      expect(JSON.stringify(entries)).not.toContain('203.0.113.7');
    });

    it("keeps each admin's availability their own", async () => {
      await service().save(recruiterId, { ...availability, timeZone: 'Asia/Tokyo', weekly: [] });
      expect((await service().availabilityOf(recruiterId)).timeZone).toBe('Asia/Tokyo');
      expect((await service().availabilityOf(ownerId)).timeZone).toBe('America/New_York');
    });
  });

  describe('GET and PUT /api/admin/me/availability', () => {
    it('answers the signed-in admin their own availability, for every role', async () => {
      const answer = await t.http.get('/api/admin/me/availability').set(recruiter).expect(200);
      expect(answer.body).toEqual({ success: true, availability: { ...view, timeZone: 'Asia/Tokyo', weekly: [] } });
    });

    it('saves the whole availability and answers it, without the calendar address', async () => {
      const answer = await t.http
        .put('/api/admin/me/availability')
        .set(recruiter)
        .send({ ...availability, busyCalendarUrl: CALENDAR_URL })
        .expect(200);
      expect(answer.body).toEqual({ success: true, availability: { ...view, hasBusyCalendar: true } });
      expect(JSON.stringify((await t.http.get('/api/admin/me/availability').set(recruiter).expect(200)).body)).not.toContain('203.0.113.7');
      expect(await storedUrl(recruiterId)).toBe(CALENDAR_URL);
    });

    it('answers 400 naming each broken field, and stores nothing', async () => {
      const before = await storedRow(recruiterId);
      const answer = await t.http
        .put('/api/admin/me/availability')
        .set(recruiter)
        .send({ ...availability, meetingMinutes: 5, weekly: [{ day: 1, start: '17:00', end: '09:00' }] })
        .expect(400);
      expect(answer.body).toEqual({
        success: false,
        message: AVAILABILITY_FIELD_MESSAGES.endBeforeStart,
        errors: { 'weekly.0.end': AVAILABILITY_FIELD_MESSAGES.endBeforeStart, meetingMinutes: AVAILABILITY_FIELD_MESSAGES.meetingMinutes },
      });
      const refused = await t.http
        .put('/api/admin/me/availability')
        .set(recruiter)
        .send({ ...availability, busyCalendarUrl: 'https://10.1.2.3/cal.ics' })
        .expect(400);
      expect(refused.body.errors).toEqual({
        busyCalendarUrl: 'Busy calendars cannot be read from addresses inside the network: 10.1.2.3 is a private address',
      });
      expect(await storedRow(recruiterId)).toEqual(before);
    });

    it('answers 401 without a session', async () => {
      await t.http.get('/api/admin/me/availability').expect(401);
      await t.http.put('/api/admin/me/availability').send(availability).expect(401);
    });
  });

  describe(BusyFeedService.name, () => {
    let calendar: Awaited<ReturnType<typeof startCalendarServer>>;
    const busyTimes = () => t.app.get(BusyFeedService).busyTimes(ownerId, WEEK.from, WEEK.to);
    const useFeed = (path: string) => service().save(ownerId, { ...availability, busyCalendarUrl: calendar.url(path) });

    beforeAll(async () => {
      calendar = await startCalendarServer();
      // As the webhook tests do: a local plain-http server stands for the calendar provider.
      await t.restart({ ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true', BUSY_FEED_REFRESH_SECONDS: '2' });
    }, BOOT_TIMEOUT_MS);
    afterAll(() => calendar.close());

    it('gives no busy times to an admin without a feed', async () => {
      await service().save(ownerId, { ...availability, busyCalendarUrl: null });
      expect(await busyTimes()).toEqual([]);
    });

    it("reads the feed's events as busy times, and reads it again only once the refresh period is over", async () => {
      await useFeed('/busy.ics');
      expect(await busyTimes()).toEqual([MEETING]);
      expect(await busyTimes()).toEqual([MEETING]);
      expect(calendar.requestsTo('/busy.ics')).toBe(1);

      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect(await busyTimes()).toEqual([MEETING]);
      expect(calendar.requestsTo('/busy.ics')).toBe(2);
    });

    it('reads a new address at once, whatever the age of the last read', async () => {
      await useFeed('/busy-moved.ics');
      expect(await busyTimes()).toEqual([MEETING]);
      expect(calendar.requestsTo('/busy-moved.ics')).toBe(1);
    });

    it('gives no busy times from a feed that answers 500 or is no calendar, and does not ask a failing feed again within the refresh period', async () => {
      await useFeed('/down.ics');
      expect(await busyTimes()).toEqual([]);
      expect(await busyTimes()).toEqual([]);
      expect(calendar.requestsTo('/down.ics')).toBe(1);

      await useFeed('/garbage.ics');
      expect(await busyTimes()).toEqual([]);
    });

    it('logs why a feed cannot be read, never its address', async () => {
      const warnings = jest.spyOn(Logger.prototype, 'warn');
      try {
        await useFeed('/down.ics?token=secret-token');
        expect(await busyTimes()).toEqual([]);
        const logged = warnings.mock.calls.map(([message]) => String(message));
        expect(logged).toEqual([`The busy calendar of admin ${ownerId} cannot be read: the address answered 500`]);
      } finally {
        warnings.mockRestore();
      }
    });

    it('tells its owner on My availability why the feed could not be read at its last read, never its address, until they give another', async () => {
      const problem = async () => (await service().availabilityOf(ownerId)).busyCalendarProblem;
      await useFeed('/down.ics?token=problem-token');
      // Answering the availability reads no feed: nothing is known before a read.
      expect(await problem()).toBeNull();
      await busyTimes();
      const answer = await t.http.get('/api/admin/me/availability').set(owner).expect(200);
      expect(answer.body.availability.busyCalendarProblem).toBe(
        "Your busy calendar could not be read: the address answered 500. Check that the address is still the calendar's secret address.",
      );
      expect(JSON.stringify(answer.body)).not.toMatch(/127\.0\.0\.1|problem-token/);

      await useFeed('/garbage.ics');
      expect(await problem()).toBeNull();
      await busyTimes();
      expect(await problem()).toBe(
        "Your busy calendar could not be read: it is not an iCalendar (.ics) file. Check that the address is the calendar's secret address in iCal format, not its web page.",
      );

      await useFeed('/busy.ics');
      await busyTimes();
      expect(await problem()).toBeNull();
    });

    it('refuses to read a feed on a private address once ALLOW_PRIVATE_WEBHOOKS is off, though it was saved while allowed', async () => {
      await useFeed('/busy-private.ics');
      await t.restart({ ALLOW_PRIVATE_WEBHOOKS: 'false' });
      expect(await busyTimes()).toEqual([]);
      expect(calendar.requestsTo('/busy-private.ics')).toBe(0);
    });
  });

  describe(BusyCalendarUrlsAtRest.name, () => {
    it(
      'once DATA_KEY is set, seals the busy calendar URLs again with its key at start; they then stay readable under a new JWT_SECRET',
      async () => {
        // One address stored, whatever the tests before saved.
        await service().save(recruiterId, { ...availability, busyCalendarUrl: null });
        await service().save(ownerId, { ...availability, busyCalendarUrl: CALENDAR_URL });
        const underJwtSecret = (await storedRow(ownerId))?.busyCalendarUrl;
        const logs = jest.spyOn(Logger.prototype, 'log');
        try {
          await t.restart({ DATA_KEY: randomBytes(32).toString('hex') });
          expect(logs.mock.calls.map(([message]) => String(message))).toContain('Encrypted 1 busy calendar URL(s) with the key from DATA_KEY');
        } finally {
          logs.mockRestore();
        }
        const underDataKey = (await storedRow(ownerId))?.busyCalendarUrl;
        expect(underDataKey).toMatch(/^enc:v1:/);
        expect(underDataKey).not.toBe(underJwtSecret);
        await t.restart({ JWT_SECRET: randomBytes(32).toString('hex') });
        expect((await storedRow(ownerId))?.busyCalendarUrl).toBe(underDataKey);
        expect(await storedUrl(ownerId)).toBe(CALENDAR_URL);
      },
      BOOT_TIMEOUT_MS,
    );

    it(
      'logs at start how many busy calendar URLs no key can decrypt, never their address, and keeps them as they are',
      async () => {
        const sealed = (await storedRow(ownerId))?.busyCalendarUrl;
        const errors = jest.spyOn(Logger.prototype, 'error');
        try {
          await t.restart({ DATA_KEY: randomBytes(32).toString('hex') });
          const logged = errors.mock.calls.map(([message]) => String(message));
          expect(logged).toContain(
            '1 busy calendar URL(s) cannot be decrypted with the key from DATA_KEY (it changed since they were saved): ' +
              'their busy times are not read until each admin enters the address again in My availability',
          );
          expect(logged.join('\n')).not.toContain('203.0.113.7');
        } finally {
          errors.mockRestore();
        }
        expect((await storedRow(ownerId))?.busyCalendarUrl).toBe(sealed);
      },
      BOOT_TIMEOUT_MS,
    );
  });
});
