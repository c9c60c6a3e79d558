import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { dataUrl } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const RESUME_PDF = fs.readFileSync(path.join(__dirname, 'fixtures', 'resume.pdf'));
// Nothing listens there: the calls stay in the outbox, which is what this suite reads.
const WEBHOOK_URL = 'http://127.0.0.1:9/status-hook';

/** What a status change wrote for one item: its status, its webhook calls and its audit entries, kind left out. */
interface Written {
  status: string;
  statusChangedAt?: string;
  calls: { event: string; payload: unknown }[];
  audit: { action: string; target: string; details: unknown }[];
}

/**
 * The four routes that change an item's status (a lead's and a contact message's PATCH, an application's PUT, which
 * the list, the item page and the pipeline board's moves call, and the bulk change) go through one path
 * (items/item-statuses.ts): each writes the same rows for the same change, and nothing for a change to the status
 * the item already has.
 */
describe('Status changes: one path for every kind and route', () => {
  let t: TestApp;
  let token: string;
  let jobId: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  async function rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
    const result = await t.app.get<symbol, Database>(DATABASE).execute(query);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  }

  /** The rows about item `id` of `table`, its kind's name taken out of event and action names so kinds compare. */
  async function writtenFor(table: 'leads' | 'contacts' | 'job_applications', kind: string, id: string): Promise<Written> {
    const changedAt = table === 'job_applications' ? sql`, status_changed_at::text as "statusChangedAt"` : sql``;
    const [item] = await rows(sql`select status${changedAt} from ${sql.identifier(table)} where id = ${id}`);
    const calls = await rows(sql`select topic, payload from deliveries where subject_id = ${id} and webhook_id is not null order by created_at, id`);
    const audit = await rows(sql`select action, target_kind, target_id, details from audit_entries where target_id = ${id} order by created_at, id`);
    const unkind = (name: unknown) => String(name).replace(`${kind}.`, '<kind>.');
    return {
      status: String(item?.status),
      ...(item && 'statusChangedAt' in item ? { statusChangedAt: String(item.statusChangedAt) } : {}),
      calls: calls.map((call) => ({ event: unkind(call.topic), payload: call.payload })),
      audit: audit
        .filter((entry) => String(entry.action).endsWith('.status_changed'))
        .map((entry) => ({
          action: unkind(entry.action),
          target: `${unkind(`${String(entry.target_kind)}.`)}${entry.target_id === id ? 'id' : 'other'}`,
          details: entry.details,
        })),
    };
  }

  const newLead = async () =>
    (await t.http.post('/api/leads').send({ name: 'Ada Lovelace', email: 'ada@example.com', service: 'web', message: 'A website.' }).expect(201)).body.data
      ._id as string;
  const newContact = async () =>
    (await t.http.post('/api/contacts').send({ name: 'Alan Turing', email: 'alan@example.com', department: 'sales', message: 'Call me.' }).expect(201)).body
      .data._id as string;
  let applicants = 0;
  // One application per address and job: each is a new applicant.
  const newApplication = async () =>
    (
      await t.http
        .post('/api/jobs/apply')
        .send({
          job: jobId,
          fullName: 'Ann Lee',
          email: `ann.${++applicants}@example.com`,
          phone: '+15551234567',
          experience: '3 years',
          resume: dataUrl(RESUME_PDF),
          isResumeBase64: true,
        })
        .expect(201)
    ).body.data._id as string;

  beforeAll(async () => {
    t = await createTestApp({ ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOKS: 'true' });
    token = await loginAsAdmin(t);
    await t.http
      .post('/api/admin/settings/webhooks')
      .set(auth())
      .send({ url: WEBHOOK_URL, events: ['lead.status_changed', 'contact.status_changed', 'application.status_changed'] })
      .expect(201);
    jobId = (
      await t.http
        .post('/api/jobs/admin')
        .set(auth())
        .send({
          title: 'Data Engineer',
          department: 'engineering',
          location: 'remote',
          type: 'full-time',
          experience: '3+ years',
          description: 'Pipelines.',
          requirements: ['SQL'],
        })
        .expect(201)
    ).body.data._id as string;
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  /** The four entry points, each changing one item of its kind from its first status to `to`. */
  const ENTRY_POINTS = [
    {
      name: "a lead's PATCH",
      table: 'leads',
      kind: 'lead',
      create: () => newLead(),
      change: (id: string, status: string) => t.http.patch(`/api/leads/${id}/status`).set(auth()).send({ status }).expect(200),
      from: 'new',
      to: 'contacted',
    },
    {
      name: "a contact message's PATCH",
      table: 'contacts',
      kind: 'contact',
      create: () => newContact(),
      change: (id: string, status: string) => t.http.patch(`/api/contacts/${id}/status`).set(auth()).send({ status }).expect(200),
      from: 'pending',
      to: 'resolved',
    },
    {
      name: "an application's PUT (its list, its page, the pipeline board)",
      table: 'job_applications',
      kind: 'application',
      create: () => newApplication(),
      change: (id: string, status: string) => t.http.put(`/api/jobs/applications/${id}/status`).set(auth()).send({ status }).expect(200),
      from: 'pending',
      to: 'reviewed',
    },
    {
      name: 'the bulk change of applications',
      table: 'job_applications',
      kind: 'application',
      create: () => newApplication(),
      change: (id: string, status: string) =>
        t.http
          .post('/api/jobs/applications/bulk')
          .set(auth())
          .send({ ids: [id], status })
          .expect(200),
      from: 'pending',
      to: 'reviewed',
    },
  ] as const;

  it('writes the same rows for the same change through each of the four routes, and none for a change to the same status', async () => {
    const outcomes: { name: string; change: Written; again: Written }[] = [];
    for (const entry of ENTRY_POINTS) {
      const id = await entry.create();
      const before = await writtenFor(entry.table, entry.kind, id);
      expect(before).toMatchObject({ status: entry.from, calls: [], audit: [] });

      await entry.change(id, entry.to);
      const change = await writtenFor(entry.table, entry.kind, id);
      expect(change).toMatchObject({
        status: entry.to,
        calls: [{ event: '<kind>.status_changed', payload: { from: entry.from, to: entry.to } }],
        audit: [{ action: '<kind>.status_changed', target: '<kind>.id', details: { from: entry.from, to: entry.to } }],
      });
      if (before.statusChangedAt) expect(change.statusChangedAt).not.toBe(before.statusChangedAt);

      // The same status again: the route answers as before, and writes nothing (no "Reviewed to Reviewed").
      await entry.change(id, entry.to);
      const again = await writtenFor(entry.table, entry.kind, id);
      expect(again).toEqual(change);
      outcomes.push({ name: entry.name, change, again });
    }

    // The kinds differ only by their statuses: with those put aside, every route wrote the same rows.
    const shapeOf = (written: Written) =>
      JSON.stringify({ ...written, status: undefined, statusChangedAt: undefined }).replace(/"(new|contacted|pending|resolved|reviewed)"/g, '"<status>"');
    const shapes = new Set(outcomes.map((outcome) => shapeOf(outcome.change)));
    expect(shapes.size).toBe(1);
    // The two application routes wrote the very same rows, statuses included.
    const [single, bulk] = outcomes.slice(2).map((outcome) => ({ ...outcome.change, statusChangedAt: undefined }));
    expect(bulk).toEqual(single);
  });
});
