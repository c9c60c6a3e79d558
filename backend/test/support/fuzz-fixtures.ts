import { BOOKING_LINK_DAYS, DAY_MS, type JobPayload, type PortfolioPayload, required } from '@brightwave/common';
import { signBookingLink } from '../../src/booking/booking-links';
import { DATABASE, type Database } from '../../src/database/database';
import { admins, availabilities, deliveries, leads } from '../../src/database/schema';
import { QUESTIONED_JOB_QUESTIONS } from './fuzz-answers';
import type { FuzzIds } from './fuzz-routes';
import { dataUrl } from './fuzz-values';
import type { TestApp } from './test-app';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');

/** A job the suites post when any open job will do. */
export const FIXTURE_JOB: JobPayload = {
  title: 'Engineer',
  department: 'engineering',
  location: 'remote',
  type: 'full-time',
  experience: '1 year',
  description: 'Build.',
  requirements: [],
};

export const FIXTURE_PORTFOLIO: PortfolioPayload = {
  category: 'web',
  projectTitle: 'Site',
  projectSubtitle: 'A site',
  description: 'Built it',
  imgLink: '/images/site.png',
  linkToProject: 'https://example.com',
  techStack: ['React'],
};

/**
 * One row of each kind the routes take an id of, made through the API (and read from the database where no route
 * answers the id), so that generated requests reach the services and their queries, not only a 404.
 */
export async function createFuzzFixtures(t: TestApp, ownerToken: string): Promise<FuzzIds> {
  const auth = { Authorization: `Bearer ${ownerToken}` };
  // Every entity answers its id as `_id` (jobs and applications also as `id`).
  const created = async (request: Promise<{ status: number; body: { data?: { _id: string } } }>) => {
    const response = await request;
    if (response.status !== 201) throw new Error(`Fixture refused with ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body.data!._id;
  };
  const webhook = await created(
    t.http
      .post('/api/admin/settings/webhooks')
      .set(auth)
      .send({ url: 'http://127.0.0.1:9/hook', events: ['lead.created'] }),
  );
  const lead = await created(t.http.post('/api/leads').send({ name: 'Ada', email: 'ada@example.com', service: 'web', message: 'Hello' }));
  const contact = await created(t.http.post('/api/contacts').send({ name: 'Ada', email: 'ada@example.com', department: 'sales', message: 'Hello' }));
  const portfolio = await created(t.http.post('/api/portfolio').set(auth).send(FIXTURE_PORTFOLIO));
  const job = await created(
    t.http
      .post('/api/jobs/admin')
      .set(auth)
      .send({ title: 'Engineer', department: 'engineering', location: 'remote', type: 'full-time', experience: '2 years', description: 'Build' }),
  );
  // Its questions stay as they are for the whole run: no fuzzed route is given its id to change or delete it.
  const questionedJob = await created(
    t.http.post('/api/jobs/admin').set(auth).send({
      title: 'Designer',
      department: 'design',
      location: 'remote',
      type: 'full-time',
      experience: '2 years',
      description: 'Design',
      questions: QUESTIONED_JOB_QUESTIONS,
    }),
  );
  const application = await created(
    t.http.post('/api/jobs/apply').send({ job, fullName: 'Ada', email: 'ada@example.com', phone: '+15550100', experience: '3 years', resume: dataUrl(PDF) }),
  );
  const db = t.app.get<symbol, Database>(DATABASE);
  const [delivery] = await db.select({ id: deliveries.id }).from(deliveries).limit(1);
  const [admin] = await db.select({ id: admins.id }).from(admins).limit(1);
  // A quote request owned by a staff member who takes calls at any time of any day, written to the database: no fuzzed
  // request signs in as them (their availability stays) or names the request, so a valid booking may succeed.
  const [caller] = await db
    .insert(admins)
    .values({ email: 'calls@fuzz.test', name: 'Cal Calls', role: 'sales', passwordHash: 'not-a-hash' })
    .returning({ id: admins.id });
  const callerId = required(caller, 'the staff member who takes calls').id;
  const anyTime = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' }));
  await db
    .insert(availabilities)
    .values({ adminId: callerId, timeZone: 'UTC', weekly: anyTime, meetingMinutes: 30, bufferMinutes: 0, minNoticeHours: 0, maxDaysAhead: 365 });
  const [called] = await db
    .insert(leads)
    .values({ name: 'Bo Booker', email: 'bo.booker@fuzz.test', service: 'web', message: 'A call, please', ownerId: callerId })
    .returning({ id: leads.id });
  const expiresAt = new Date(Date.now() + BOOKING_LINK_DAYS * DAY_MS);
  return {
    lead,
    contact,
    portfolio,
    job,
    questionedJob,
    application,
    webhook,
    delivery: required(delivery, 'a delivery').id,
    admin: required(admin, 'an admin').id,
    caller: callerId,
    bookingLink: signBookingLink(t.config.keys.bookingLinks, { kind: 'lead', itemId: required(called, 'the booked request').id, expiresAt }),
  };
}
