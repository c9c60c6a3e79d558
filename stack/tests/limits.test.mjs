// Limits: the largest resume passes; floods are turned away by nginx, and the public forms' rate limit counts per
// client address across the instances.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { call } from '../http.mjs';
import { assertSecurityHeaders, direct, lead, loggedLines, pdfDataUrl, seededJobs, theStack } from './stack.mjs';

const { RESUME_MAX_BYTES } = createRequire(import.meta.url)('@brightwave/common');
const {
  base,
  runTag,
  twoInstances,
  instances: [a, b],
} = theStack();

describe('limits', () => {
  test('the largest resume (just under RESUME_MAX_BYTES, base64 in JSON) goes through nginx', async () => {
    const [job] = await seededJobs();
    const { dataUrl } = pdfDataUrl(RESUME_MAX_BYTES - 1024);
    const body = {
      job: job._id,
      fullName: 'Largest Resume',
      email: `largest-${runTag}@example.test`,
      phone: '+15550100',
      experience: '3 years',
      resume: dataUrl,
      isResumeBase64: true,
    };
    const response = await call(`${base}/api/jobs/apply`, { method: 'POST', body, localAddress: '127.0.0.40' });
    assert.equal(response.status, 201, `apply answer (${response.text.slice(0, 200)})`);
  });

  test('nginx turns away a flood of applications or sign-in posts from one address before an instance reads it', async () => {
    // The template allows a burst of 5 applications and 10 sign-in posts per address, then one every 10 s / 2 s.
    for (const [route, sent, passed, address] of [
      ['/api/jobs/apply', 12, 6, '127.0.0.41'],
      ['/admin/login', 20, 11, '127.0.0.42'],
    ]) {
      const probe = `flood${route.replace(/\W/g, '-')}-${runTag}`;
      const answers = [];
      for (let i = 0; i < sent; i++) {
        answers.push(await call(`${base}${route}?probe=${probe}`, { method: 'POST', body: {}, localAddress: address }));
      }
      const refused = answers.slice(passed);
      assert.ok(
        refused.every((answer) => answer.status === 429),
        `${route}: the requests beyond the burst get 429 (${answers.map((a) => a.status)})`,
      );
      assert.equal(refused[0].json?.message, 'Too many requests. Please try again later.', `${route}: the API's message`);
      assert.equal(refused[0].headers['retry-after'], '60', `${route}: Retry-After`);
      assertSecurityHeaders(refused[0], `${route}: nginx's 429`);
      const byNginx = (await loggedLines(probe, sent)).filter((line) => / 429 /.test(line) && / upstream=- /.test(line));
      assert.equal(byNginx.length, sent - passed, `${route}: 429s answered by nginx itself`);
    }
  });

  test(
    'the public-form rate limit counts across both instances (10/min per client address)',
    { skip: twoInstances ? false : 'no Redis: single instance' },
    async () => {
      const client = { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 200) + 1}` };
      const statuses = [];
      // Straight to the instances, as nginx would forward one visitor's requests: 5 to A and 5 to B.
      for (let i = 0; i < 10; i++) {
        const instance = i % 2 === 0 ? a : b;
        statuses.push((await call(`${direct(instance)}/api/leads`, { method: 'POST', body: lead(`rl-${i}`), headers: client })).status);
      }
      assert.ok(
        statuses.every((status) => status === 201),
        `the first 10 are accepted: ${statuses}`,
      );
      for (const instance of [a, b]) {
        const limited = await call(`${direct(instance)}/api/leads`, { method: 'POST', body: lead('rl-over'), headers: client });
        assert.equal(limited.status, 429, `the 11th on ${instance.name}`);
        assert.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After');
      }
    },
  );

  test(
    'through nginx the limit is per real client address: a forged X-Forwarded-For does not escape it',
    { skip: twoInstances ? false : 'no Redis: single instance' },
    async () => {
      const visitor = '127.0.0.31';
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        const response = await call(`${base}/api/leads?probe=ngx-rl-${runTag}`, {
          method: 'POST',
          body: lead(`ngx-rl-${i}`),
          localAddress: visitor,
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        });
        statuses.push(response.status);
      }
      assert.ok(
        statuses.slice(0, 10).every((status) => status === 201),
        `the first 10 are accepted: ${statuses}`,
      );
      assert.equal(statuses[10], 429, 'the 11th');
      const limited = await call(`${base}/api/leads`, { method: 'POST', body: lead('ngx-rl-over'), localAddress: visitor });
      assertSecurityHeaders(limited, '429 through nginx');
      assert.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After through nginx');
      const upstreams = new Set((await loggedLines(`ngx-rl-${runTag}`, 11)).map((line) => line.match(/upstream=(\S+)/)[1]));
      assert.equal(upstreams.size, 2, `requests went to both instances (${[...upstreams]})`);
      const other = await call(`${base}/api/leads`, { method: 'POST', body: lead('ngx-rl-other'), localAddress: '127.0.0.32' });
      assert.equal(other.status, 201, 'another visitor is not limited');
    },
  );
});
