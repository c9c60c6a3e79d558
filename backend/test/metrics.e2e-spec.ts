// PostgreSQL pass: the connection pool's gauges.
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@brightwave/common';
import { DATABASE, type Database } from '../src/database/database';
import { deliveries } from '../src/database/schema';
import { MetricsListener } from '../src/metrics/metrics-endpoint';
import { createTestApp, TEST_DATABASE_KIND, TestApp } from './support/test-app';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
function parseSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

describe('GET /metrics (Prometheus text format)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: '0', RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    return parseSamples(response.text);
  };
  const sample = (samples: Map<string, number>, name: string) => samples.get(name) ?? 0;

  it('answers 401 Not authorized on the main port without the bearer token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN, `Basic ${TOKEN}`]) {
      const call = t.http.get('/metrics');
      const response = await (authorization ? call.set('Authorization', authorization) : call).expect(401);
      expect(response.body).toEqual({ success: false, message: MESSAGES.notAuthorized });
      expect(response.text).not.toContain('http_requests_total');
    }
  });

  it('answers the token with the Prometheus text format: heap, event-loop lag and the request metrics', async () => {
    const response = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const family of [
      '# TYPE http_requests_total counter',
      '# TYPE http_request_duration_seconds histogram',
      '# TYPE rate_limit_rejections_total counter',
      '# TYPE retention_purge_failures_total counter',
      '# TYPE site_page_renders_total counter',
      '# TYPE nodejs_heap_size_used_bytes gauge',
      '# TYPE nodejs_eventloop_lag_seconds gauge',
      '# TYPE outbox_depth gauge',
      '# TYPE outbox_oldest_pending_age_seconds gauge',
      '# TYPE outbox_failed gauge',
    ]) {
      expect(response.text).toContain(family);
    }
  });

  it('counts requests and their durations by method, route pattern and status, never by raw URL', async () => {
    const id = randomUUID();
    const route = 'method="GET",route="/api/portfolio",status="200"';
    const before = await scrape();
    await t.http.get('/api/portfolio').expect(200);
    await t.http.get('/api/portfolio').expect(200);
    await t.http.get(`/api/no-such-route/${id}`).expect(404);
    const after = await scrape();
    expect(sample(after, `http_requests_total{${route}}`) - sample(before, `http_requests_total{${route}}`)).toBe(2);
    expect(sample(after, `http_request_duration_seconds_count{${route}}`) - sample(before, `http_request_duration_seconds_count{${route}}`)).toBe(2);
    expect(after.get(`http_request_duration_seconds_bucket{${route},le="+Inf"}`)).toBe(after.get(`http_request_duration_seconds_count{${route}}`));
    const unmatched = 'http_requests_total{method="GET",route="unmatched",status="404"}';
    expect(sample(after, unmatched) - sample(before, unmatched)).toBe(1);
    expect([...after.keys()].join('\n')).not.toContain(id);
  });

  it("counts the rate limits' 429 answers by route", async () => {
    const name = 'rate_limit_rejections_total{route="/api/leads"}';
    const before = await scrape();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.http.post('/api/leads').send({})).status);
    expect(statuses).toEqual([400, 400, 429]);
    const after = await scrape();
    expect(sample(after, name) - sample(before, name)).toBe(1);
    expect(sample(after, 'http_requests_total{method="POST",route="/api/leads",status="429"}')).toBe(1);
  });

  it("shows the outbox: messages waiting or being sent, the oldest waiting one's age, failed messages", async () => {
    const db = t.app.get<symbol, Database>(DATABASE);
    const hourAgo = new Date(Date.now() - 3600_000);
    // Not due for a day, so the worker leaves it waiting.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const message = { topic: 'lead.staff' as const, subjectId: randomUUID(), recipient: 'staff@example.test' };
    const before = await scrape();
    await db.insert(deliveries).values([
      { ...message, status: 'pending', createdAt: hourAgo, nextAttemptAt: tomorrow },
      { ...message, status: 'failed', attempts: 8 },
    ]);
    const after = await scrape();
    expect(sample(after, 'outbox_depth') - sample(before, 'outbox_depth')).toBe(1);
    expect(sample(after, 'outbox_failed') - sample(before, 'outbox_failed')).toBe(1);
    expect(sample(after, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
  });

  it(`shows the database pool's connections on PostgreSQL, and no pool on PGlite (${TEST_DATABASE_KIND})`, async () => {
    const samples = await scrape();
    if (TEST_DATABASE_KIND === 'postgres') {
      expect(samples.get('db_pool_max_connections')).toBe(10);
      expect(samples.get('db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
      expect(samples.get('db_pool_waiting_requests')).toBe(0);
    } else {
      expect([...samples.keys()].some((name) => name.startsWith('db_pool_'))).toBe(false);
    }
  });

  it('serves the same metrics on the listener of METRICS_PORT, without a token, and nothing else there', async () => {
    const address = t.app.get(MetricsListener).address();
    expect(address?.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address?.port}`;
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(parseSamples(await response.text()).get('http_requests_total{method="GET",route="/api/portfolio",status="200"}')).toBeGreaterThanOrEqual(2);
    for (const path of ['/', '/api/health', '/metrics/x']) expect((await fetch(`${base}${path}`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
