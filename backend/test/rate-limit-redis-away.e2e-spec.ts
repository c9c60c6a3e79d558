import net from 'node:net';
import { MESSAGES } from '@brightwave/common';
import { JsonLogger } from '../src/logging/json-logger';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

/** A port on 127.0.0.1 that nothing listens on: Redis is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Rate limits with Redis away', () => {
  let t: TestApp;
  let errors: jest.SpyInstance;
  const lead = { name: 'Redis Away', email: 'redis-away@example.test', service: 'web', message: 'Sent while Redis is down.' };

  beforeAll(async () => {
    errors = jest.spyOn(JsonLogger.prototype, 'error');
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('fails open per instance: the forms are counted in memory, so the limit still holds on this instance', async () => {
    for (let i = 0; i < 3; i++) await t.http.post('/api/leads').send(lead).expect(201);
    const limited = await t.http.post('/api/leads').send(lead).expect(429);
    expect(limited.body).toEqual({ success: false, message: MESSAGES.rateLimited });
  });

  it('keeps sign-in working', async () => {
    const token = await loginAsAdmin(t);
    await t.http
      .get('/api/leads')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
  });

  it('logs the outage once, however many requests and reconnection attempts it lasts', () => {
    const outage = errors.mock.calls.filter(([message]) => String(message).startsWith('Redis unreachable'));
    expect(outage).toHaveLength(1);
  });
});
