// Several instances behind nginx: a session and a resume work on either, and nginx fails over when one is killed
// (last: the stack keeps one instance afterwards).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { sleep } from '../lib.mjs';
import { call } from '../http.mjs';
import { direct, loggedLines, lead, pdfDataUrl, seededJobs, signIn, theStack } from './stack.mjs';

const { pollUntil } = createRequire(import.meta.url)('@brightwave/testing');
const {
  base,
  runTag,
  twoInstances,
  instances: [a, b],
  uploadsDirs,
  s3,
  databaseUrl,
} = theStack();

/** Whether a process has exited: gone, or a zombie not reaped yet (its sockets are closed either way). */
function exited(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
}

describe('several instances', () => {
  test(
    'a login completed through instance A works on B; logout on B revokes it on both',
    { skip: twoInstances ? false : 'no Redis: single instance' },
    async () => {
      const token = await signIn(direct(a));
      const auth = { authorization: `Bearer ${token}` };
      for (const instance of [a, b]) {
        assert.equal((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: auth })).status, 200, `GET /api/leads on ${instance.name}`);
      }
      for (let i = 0; i < 4; i++) {
        assert.equal((await call(`${base}/api/admin/dashboard/stats`, { headers: auth })).status, 200, 'through nginx');
      }
      const logout = await call(`${direct(b)}/admin/logout`, { method: 'POST', headers: auth });
      assert.equal(logout.status, 200, 'logout on B');
      for (const instance of [a, b]) {
        assert.equal((await call(`${direct(instance)}/api/leads?limit=1&page=1`, { headers: auth })).status, 401, `revoked on ${instance.name}`);
      }
    },
  );

  test(
    'a resume sent through A downloads through B (one S3 bucket, no shared folder)',
    { skip: twoInstances ? false : 'no Redis: single instance' },
    async () => {
      const [job] = await seededJobs();
      const { bytes, dataUrl } = pdfDataUrl(64 * 1024);
      const email = `shared-${runTag}@example.test`;
      const applied = await call(`${direct(a)}/api/jobs/apply`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.250' },
        body: { job: job._id, fullName: 'Shared Uploads', email, phone: '5550101', experience: '2 years', resume: dataUrl, isResumeBase64: true },
      });
      assert.equal(applied.status, 201, `apply on A (${applied.text.slice(0, 200)})`);
      const token = await signIn(direct(b));
      const auth = { authorization: `Bearer ${token}` };
      const list = await call(`${direct(b)}/api/jobs/applications/${job._id}`, { headers: auth });
      const application = list.json.applications.find((item) => item.email === email);
      assert.ok(application, 'the application is listed on B');
      const download = await call(`${direct(b)}${application.resume}`, { headers: auth });
      assert.equal(download.status, 200, 'download on B');
      assert.ok(download.body.equals(bytes), 'the same bytes');
      assert.ok(/attachment/.test(download.headers['content-disposition']), 'attachment');
      const throughNginx = await call(`${base}${application.resume}`, { headers: auth });
      assert.ok(throughNginx.status === 200 && throughNginx.body.equals(bytes), 'download through nginx');
      for (const dir of uploadsDirs) {
        assert.equal(
          fs
            .readdirSync(dir)
            .filter((name) => !name.startsWith('probe-'))
            .join(),
          '',
          `no resume file in ${dir}`,
        );
      }
      // s3rver answers a listing without credentials; the keys are the resumes' random names.
      const listing = await call(`${s3.endpoint}/${s3.bucket}?list-type=2`);
      const stored = [...listing.text.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]);
      assert.ok(stored.length >= 2, `the resumes are in the bucket (${listing.status} ${listing.text.slice(0, 200)})`);
      for (const name of stored) assert.equal((await call(`${base}/uploads/${name}`)).status, 404, `/uploads/${name}`);
      await call(`${base}/admin/logout`, { method: 'POST', headers: auth });
    },
  );

  test(
    'a publish on instance A shows in the HTML of B and through nginx within 5 seconds',
    { skip: twoInstances ? false : 'no Redis: single instance' },
    async () => {
      const token = await signIn(direct(a));
      const auth = { authorization: `Bearer ${token}` };
      // Rendered once first, so both instances and nginx hold the page as it was.
      for (const url of [direct(a), direct(b), base]) assert.equal((await call(`${url}/`)).status, 200);
      const { page } = (await call(`${direct(a)}/api/admin/content/site`, { headers: auth })).json;
      const blurb = `Published on A at run ${runTag}.`;
      const fields = { ...page.draft, footer: { ...page.draft.footer, blurb } };
      assert.equal((await call(`${direct(a)}/api/admin/content/site`, { method: 'PUT', headers: auth, body: { fields } })).status, 200, 'save the draft');
      const published = await call(`${direct(a)}/api/admin/content/site/publish`, { method: 'POST', headers: auth, body: {} });
      assert.equal(published.status, 200, `publish (${published.text.slice(0, 200)})`);
      const start = Date.now();
      for (const [name, url] of [
        ['B', direct(b)],
        ['nginx', base],
      ]) {
        await pollUntil(async () => (await call(`${url}/services`)).text.includes(blurb), {
          what: `the new blurb on ${name}`,
          timeoutMs: 5000,
          intervalMs: 100,
        });
      }
      assert.ok(Date.now() - start < 5000, `shown everywhere after ${Date.now() - start} ms`);
      // Back to the seed, for the tests that follow.
      const seed = page.versions.at(-1);
      await call(`${direct(a)}/api/admin/content/site/versions/${seed._id}/restore`, { method: 'POST', headers: auth });
      assert.equal((await call(`${direct(a)}/api/admin/content/site/publish`, { method: 'POST', headers: auth, body: {} })).status, 200);
      await call(`${direct(a)}/admin/logout`, { method: 'POST', headers: auth });
    },
  );

  test(
    'kill -9 of one instance during a stream of leads: every 2xx is stored, nginx fails over',
    { skip: twoInstances ? false : 'no Redis: single instance' },
    async (t) => {
      const { default: pg } = await import('pg');
      const total = 60;
      const concurrency = 4;
      const outcomes = [];
      let next = 0;
      let killedAt = -1;
      // The first lead handed out after the killed process had exited, its sockets closed by the kernel. Until then
      // nginx may still write to a kept-alive connection of it (and may not retry a POST it has sent); on a slow
      // machine the process takes longer to die than a few requests take to start.
      let firstAfterExit = -1;
      const send = async (i) => {
        // 20 visitors, 3 leads each: well under the 10/min limit of each address.
        const localAddress = `127.0.1.${(i % 20) + 1}`;
        try {
          const response = await call(`${base}/api/leads?probe=kill-${runTag}`, { method: 'POST', body: lead(`kill-${i}`), localAddress, timeoutMs: 15_000 });
          outcomes.push({ i, status: response.status, id: response.json?.data?._id, startedAfterKill: killedAt >= 0 });
        } catch (error) {
          outcomes.push({ i, status: 0, error: String(error), startedAfterKill: killedAt >= 0 });
        }
      };
      const workers = Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const i = next++;
          if (i === Math.floor(total / 3) && killedAt < 0) {
            process.kill(a.pid, 'SIGKILL');
            killedAt = i;
            void pollUntil(() => exited(a.pid), { what: 'instance-a gone', intervalMs: 5 }).then(
              () => (firstAfterExit = next),
              () => {},
            );
          }
          await send(i);
          await sleep(20);
        }
      });
      await Promise.all(workers);
      const ok = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300);
      const failed = outcomes.filter((outcome) => !(outcome.status >= 200 && outcome.status < 300));
      t.diagnostic(
        `${ok.length} accepted, ${failed.length} failed (${failed.map((f) => `#${f.i}: ${f.status}`).join(', ') || 'none'}) with instance-a killed at #${killedAt}, gone from #${firstAfterExit}`,
      );
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const stored = await client.query('select id::text as id, email from leads where email like $1', [`stack-${runTag}-kill-%`]);
        const storedIds = new Set(stored.rows.map((row) => row.id));
        const missing = ok.filter((outcome) => !storedIds.has(String(outcome.id)));
        assert.equal(missing.length, 0, 'accepted leads missing from the database');
        const storedEmails = stored.rows.map((row) => row.email);
        assert.equal(new Set(storedEmails).size, storedEmails.length, 'no lead stored twice');
      } finally {
        await client.end();
      }
      // In the milliseconds after the exit nginx may still write a lead to a kept-alive connection whose close it has
      // not read yet (seen: two such 503s right after the exit), and it does not retry a POST it has sent. So the window
      // of refusals is the requests in flight at the kill and the next round of the 4 senders; every lead after it is
      // accepted.
      assert.ok(firstAfterExit >= 0, 'instance-a exited');
      const settledFrom = Math.max(firstAfterExit, killedAt + 2 * concurrency);
      const afterSettled = outcomes.filter((outcome) => outcome.i >= settledFrom);
      assert.ok(
        afterSettled.length >= total / 3 && afterSettled.every((outcome) => outcome.status === 201),
        `every lead sent from #${settledFrom} on is accepted (${afterSettled.map((o) => o.status)})`,
      );
      assert.ok(
        failed.every((outcome) => outcome.i >= killedAt - concurrency),
        `no lead sent well before the kill failed (${failed.map((f) => `#${f.i}`)})`,
      );
      assert.ok(ok.length >= total - 2 * concurrency, `at most ${2 * concurrency} leads around the kill may fail (${ok.length}/${total})`);
      const health = await call(`${base}/api/health`);
      assert.equal(health.status, 200, 'health through nginx with one instance left');
      const answered = outcomes.filter((outcome) => outcome.status !== 0).length;
      const upstreams = (await loggedLines(`kill-${runTag}`, answered)).map((line) => line.match(/upstream=(.*?) ust=/)[1]);
      assert.ok(
        upstreams.slice(0, killedAt).some((upstream) => upstream.includes(`:${a.port}`)),
        'instance A took part before the kill',
      );
      const retried = upstreams.filter((upstream) => upstream.includes(','));
      t.diagnostic(`nginx retried ${retried.length} request(s) on the other instance: ${retried.join(' | ') || 'none'}`);
      const lastTwenty = upstreams.slice(-20);
      // After fail_timeout (10 s, on a slow machine) nginx may try A again: refused, then B.
      assert.ok(
        lastTwenty.every((upstream) => upstream.endsWith(`127.0.0.1:${b.port}`)),
        `the last 20 were answered by B (${lastTwenty})`,
      );
    },
  );
});
