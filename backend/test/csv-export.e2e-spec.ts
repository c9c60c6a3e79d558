import http from 'node:http';
import { CONTACT_DEPARTMENT_LABELS, SERVICE_LABELS, type AuditEntry } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { auditEntries, leads } from '../src/database/schema';
import { dataUrl, samplePdf } from './fixtures/resume-samples';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, type TestApp } from './support/test-app';
import { rawBody } from './support/raw-body';

const BOOT_TIMEOUT_MS = 120_000;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const ATTRIBUTION_HEADERS = '"Source","Medium","Campaign","Term","Content","Referrer","Landing page"';
const LEAD_HEADERS = `"Name","Email","Service","Message","Status","Received",${ATTRIBUTION_HEADERS}`;
/** The attribution cells of a submission sent without an X-Attribution header: a direct visit. */
const DIRECT = '"direct","","","","","",""';
const JOB = { title: 'Welder', department: 'operations', location: 'onsite', type: 'full-time', experience: '2 years', description: 'Weld.', requirements: [] };

interface Download {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  /** The file after its BOM, as lines (CRLF-separated, the last one empty). */
  lines: string[];
}

describe('CSV exports (GET /api/leads/export.csv, /api/contacts/export.csv, /api/jobs/applications/export.csv, /api/admin/audit/export.csv)', () => {
  let t: TestApp;
  let db: Database;
  let auth: { authorization: string };
  const today = () => new Date().toISOString().slice(0, 10);

  /** The raw bytes of an answer, whatever its type. */
  const download = async (url: string): Promise<Download> => {
    const response = await t.http.get(url).set(auth).buffer(true).parse(rawBody);
    const bytes = response.body as Buffer;
    const text = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3).toString('utf8') : bytes.toString('utf8');
    return { status: response.status, headers: response.headers, bytes, lines: text.split('\r\n') };
  };
  const audit = async (query: string) => (await t.http.get(`/api/admin/audit${query}`).set(auth).expect(200)).body as { entries: AuditEntry[]; total: number };
  const exports = async () => (await audit('?action=export.csv&limit=100')).entries;
  const createLead = async (name: string, extra: Partial<{ email: string; service: string; message: string }> = {}) =>
    (
      await t.http
        .post('/api/leads')
        .send({ name, email: 'lead@example.com', service: 'web', message: 'Hello', ...extra })
        .expect(201)
    ).body.data._id as string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get<symbol, Database>(DATABASE);
    auth = { authorization: `Bearer ${await loginAsAdmin(t)}` };
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('answers the leads of the filter as a download: UTF-8 with a BOM, CRLF lines, every cell quoted, the labels and dates of the admin app', async () => {
    await createLead('Csv Ann', { email: 'csv.ann@example.com', service: 'logo', message: 'Said "hi", then left' });
    const file = await download('/api/leads/export.csv?q=Csv%20Ann');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="leads-${today()}.csv"`);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.bytes.subarray(0, 3).equals(BOM)).toBe(true);
    const received = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: '2-digit', year: 'numeric' }).format(new Date());
    expect(file.lines).toEqual([
      LEAD_HEADERS,
      `"Csv Ann","csv.ann@example.com","${SERVICE_LABELS.logo}","Said ""hi"", then left","New","${received}",${DIRECT}`,
      '',
    ]);
  });

  it('neutralises a cell that starts with =, +, - or @ (the values come from the public forms), in every list', async () => {
    await createLead('=HYPERLINK("http://evil.example")', { message: '@SUM(A1:A9)' });
    const leadsFile = await download('/api/leads/export.csv?q=evil.example');
    expect(leadsFile.lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)","lead@example\.com","[^"]+","'@SUM\(A1:A9\)","New",/);

    await t.http
      .post('/api/contacts')
      .send({ name: '-Minus Person', email: 'minus@example.com', phone: '+15550100', department: 'billing', message: '+cmd' })
      .expect(201);
    const contactsFile = await download('/api/contacts/export.csv?q=minus@example.com');
    expect(contactsFile.lines[0]).toBe(`"Name","Email","Phone","Department","Message","Status","Received",${ATTRIBUTION_HEADERS}`);
    expect(contactsFile.lines[1]).toMatch(
      new RegExp(`^"'-Minus Person","minus@example\\.com","'\\+15550100","${CONTACT_DEPARTMENT_LABELS.billing}","'\\+cmd","Pending",`),
    );
  });

  it('exports with the same filters as the list: status, search, sort and the spam view', async () => {
    await createLead('Filter First');
    const second = await createLead('Filter Second');
    const spam = await createLead('Filter Spam');
    await t.http.patch(`/api/leads/${second}/status`).set(auth).send({ status: 'contacted' }).expect(200);
    await t.http.patch(`/api/leads/${spam}/spam`).set(auth).send({ spam: true }).expect(200);
    const namesOf = async (query: string) =>
      (await download(`/api/leads/export.csv?${query}`)).lines.slice(1, -1).map((line) => line.slice(1, line.indexOf('","')));
    const listed = async (query: string) =>
      ((await t.http.get(`/api/leads?${query}`).set(auth).expect(200)).body.leads as { name: string }[]).map((lead) => lead.name);

    for (const query of ['q=Filter', 'q=Filter&sort=oldest', 'q=Filter&status=contacted', 'q=Filter&status=new&sort=newest', 'q=Filter&spam=true']) {
      expect({ query, names: await namesOf(query) }).toEqual({ query, names: await listed(query) });
    }
    expect(await namesOf('q=Filter&sort=oldest')).toEqual(['Filter First', 'Filter Second']);
    expect(await namesOf('q=Filter&spam=true')).toEqual(['Filter Spam']);
    const spamFile = await download('/api/leads/export.csv?q=Filter&spam=true');
    expect(spamFile.headers['content-disposition']).toBe(`attachment; filename="leads-spam-${today()}.csv"`);
  });

  it('writes the dates in the time zone asked for (tz), UTC without one', async () => {
    const id = await createLead('Zoned Zed');
    await db
      .update(leads)
      .set({ createdAt: new Date('2026-01-05T23:30:00Z') })
      .where(eq(leads.id, id));
    const receivedIn = async (tz?: string) =>
      // Received is followed by the seven attribution columns.
      (await download(`/api/leads/export.csv?q=Zoned${tz ? `&tz=${encodeURIComponent(tz)}` : ''}`)).lines[1]?.split('","').at(-8);
    expect(await receivedIn()).toBe('Jan 05, 2026');
    expect(await receivedIn('Asia/Kolkata')).toBe('Jan 06, 2026');
    expect(await receivedIn('America/New_York')).toBe('Jan 05, 2026');
  });

  it('reads a long list a page at a time: every row once and in order, across pages, equal timestamps and microseconds', async () => {
    // 1,100 rows (three pages of 500) within half a millisecond: groups of three share a timestamp, the groups are
    // a microsecond apart, so neither a millisecond cursor nor one without the id would do.
    await db.execute(sql`
      insert into leads (name, email, service, message, status, created_at)
      select 'Keyset ' || lpad(i::text, 4, '0'), 'keyset@example.com', 'web', 'Bulk', 'qualified',
             timestamptz '2025-06-01 12:00:00.000100+00' + ((i / 3) || ' microseconds')::interval
      from generate_series(1, 1100) as i`);
    const expected = async (order: 'asc' | 'desc') =>
      (
        await db
          .select({ name: leads.name })
          .from(leads)
          .where(and(like(leads.name, 'Keyset %'), eq(leads.spam, false)))
          .orderBy(...(order === 'asc' ? [asc(leads.createdAt), asc(leads.id)] : [desc(leads.createdAt), desc(leads.id)]))
      ).map((row) => row.name);
    for (const [sort, order] of [
      ['oldest', 'asc'],
      ['newest', 'desc'],
    ] as const) {
      const names = (await download(`/api/leads/export.csv?q=Keyset&sort=${sort}`)).lines.slice(1, -1).map((line) => line.slice(1, line.indexOf('","')));
      expect(names).toHaveLength(1100);
      expect(new Set(names).size).toBe(1100);
      expect(names).toEqual(await expected(order));
    }
    const [latest] = await exports();
    expect(latest?.details).toMatchObject({ rows: 1100, complete: true });
  });

  it('records one export.csv entry when the stream ends: the admin, the list, the filter (not the search text) and the rows sent', async () => {
    await createLead('Recorded Rita', { email: 'rita@example.com' });
    const before = (await audit('?action=export.csv')).total;
    const file = await download('/api/leads/export.csv?q=rita@example.com&status=new&sort=oldest');
    expect(file.lines).toHaveLength(3);
    expect((await audit('?action=export.csv')).total).toBe(before + 1);
    const [entry] = await exports();
    expect(entry).toMatchObject({
      actor: 'admin',
      adminEmail: 'admin@example.test',
      targetKind: 'list',
      targetId: 'leads',
      details: { list: 'leads', filter: { status: 'new', sort: 'oldest', spam: false, search: true }, rows: 1, complete: true },
    });
    expect(JSON.stringify(entry)).not.toContain('rita');
  });

  it('records the rows sent and complete: false when the client goes away during the download', async () => {
    await db.execute(sql`
      insert into leads (name, email, service, message, status)
      select 'Abort ' || i, 'abort@example.com', 'web', repeat('m', 4000), 'lost' from generate_series(1, 5000) as i`);
    await t.app.listen(0, '127.0.0.1');
    const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const before = (await audit('?action=export.csv')).total;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/api/leads/export.csv?q=Abort`, { headers: auth }, (response) => {
        expect(response.statusCode).toBe(200);
        // Gone after the first chunk: most of the 20 MB stay unsent.
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    });
    const entry = await pollUntil(async () => (await audit('?action=export.csv')).total > before && (await exports())[0], {
      what: 'the audit entry of the cut export',
      intervalMs: 50,
    });
    expect(entry.details).toMatchObject({ list: 'leads', complete: false, rows: expect.any(Number) });
    expect(entry.details.rows).toBeLessThan(5000);
  });

  it("exports a job's applications (job=ID): the path is not taken for a job id, and a job's list still answers JSON", async () => {
    const job = (await t.http.post('/api/jobs/admin').set(auth).send(JOB).expect(201)).body.data.id as string;
    const apply = (fullName: string, email: string, coverLetter?: string) =>
      t.http
        .post('/api/jobs/apply')
        .send({ job, fullName, email, phone: '+15551234567', experience: '4 years', resume: dataUrl(samplePdf(fullName)), isResumeBase64: true, coverLetter })
        .expect(201);
    await apply('Ada Applicant', 'ada@example.com', 'Line one.\nLine two.');
    await apply('Bo Applicant', 'bo@example.com');
    const file = await download(`/api/jobs/applications/export.csv?job=${job}&sort=oldest`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="applications-${today()}.csv"`);
    const text = file.lines.join('\r\n');
    expect(text.startsWith(`"Name","Email","Phone","Experience","Portfolio","Cover Letter","Status","Received",${ATTRIBUTION_HEADERS}\r\n`)).toBe(true);
    expect(text).toContain('"Ada Applicant","ada@example.com","\'+15551234567","4 years","","Line one.\nLine two.","Pending",');
    expect(text).toContain('"Bo Applicant","bo@example.com"');
    const [entry] = await exports();
    expect(entry).toMatchObject({
      targetId: 'applications',
      details: { list: 'applications', filter: { jobId: job, sort: 'oldest' }, rows: 2, complete: true },
    });

    const list = await t.http.get(`/api/jobs/applications/${job}?page=1&limit=10`).set(auth).expect(200);
    expect(list.body.applications).toHaveLength(2);
  });

  it.each([
    ['/api/leads/export.csv?status=archived', 'status'],
    ['/api/leads/export.csv?tz=Mars%2FOlympus', 'tz'],
    ['/api/contacts/export.csv?spam=maybe', 'spam'],
    ['/api/leads/export.csv?page=2', 'page'],
    ['/api/jobs/applications/export.csv', 'job'],
    ['/api/jobs/applications/export.csv?job=not-a-job', 'job'],
    ['/api/admin/audit/export.csv?actor=robot', 'actor'],
  ])('refuses %s with 400 and the field, as JSON, and records nothing', async (url, field) => {
    const before = (await audit('?action=export.csv')).total;
    const answer = await t.http.get(url).set(auth).expect(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({ success: false, message: expect.any(String) });
    if (field !== 'page') expect(answer.body.errors).toHaveProperty(field);
    expect((await audit('?action=export.csv')).total).toBe(before);
  });

  it('answers 404 for an unknown job and 401 without a session', async () => {
    const answer = await t.http.get('/api/jobs/applications/export.csv?job=3f2504e0-4f89-41d3-9a0c-0305e82c3301').set(auth).expect(404);
    expect(answer.body).toMatchObject({ success: false });
    await t.http.get('/api/leads/export.csv').expect(401);
  });

  it('answers a HEAD request with the headers and records nothing', async () => {
    const before = (await audit('?action=export.csv')).total;
    const head = await t.http.head('/api/contacts/export.csv').set(auth).expect(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await audit('?action=export.csv')).total).toBe(before);
  });

  it('exports the audit log with its filters, naming the command line and the system in the Admin column', async () => {
    await db.insert(auditEntries).values([
      { action: 'admin.created', actor: 'cli', targetKind: 'admin', targetId: 'csv-cli-target', details: { osUser: 'deploy' } },
      { action: 'retention.purged', actor: 'system', targetId: 'csv-system-target', details: { leads: 0 } },
    ]);
    const file = await download('/api/admin/audit/export.csv?targetId=csv-cli-target');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="audit-log-${today()}.csv"`);
    expect(file.lines[0]).toBe('"Time","Admin","Admin ID","Action","Target kind","Target ID","IP address","Browser","Details"');
    expect(file.lines).toHaveLength(3);
    expect(file.lines[1]).toMatch(
      /^"\d{4}-\d{2}-\d{2}T[\d:.]+Z","cli \(deploy\)","","Admin created","admin","csv-cli-target","","","\{""osUser"":""deploy""\}"$/,
    );
    expect((await download('/api/admin/audit/export.csv?targetId=csv-system-target')).lines[1]).toContain('"System","","Retention purge"');
    const [entry] = await exports();
    expect(entry).toMatchObject({ targetId: 'audit', details: { list: 'audit', filter: { targetId: 'csv-system-target' }, rows: 1, complete: true } });
  });
});
