// PostgreSQL pass, engine blocks: visitors asking at the same moment get one render (requests served concurrently).
import fs from 'node:fs';
import path from 'node:path';
import { DAY_MS, DEFAULT_CONTENT, closingMoment, jobPath, jobSlug, jobSlugId, todayUtc, type Job } from '@brightwave/common';
import { pollUntil } from '@brightwave/testing';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DATABASE, type Database } from '../src/database/database';
import { jobs } from '../src/database/schema';
import { loginAsAdmin } from './support/admin-session';
import { pageRenders, RENDERS_METRICS_TOKEN } from './support/page-renders';
import { PUBLIC_LIST_TTL_MS } from '../src/common/ttl-cache';
import { createTestApp, TestApp, describeEngineDependent, describeOnPostgres } from './support/test-app';

// The real site build (`npm run build`): the backend renders each job's page with it.
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');
const siteDistDir = path.resolve(__dirname, '../../site/dist');
const SITE_URL = 'https://www.brightwave.example';
const BOOT_TIMEOUT_MS = 120_000;

const onsiteJob = {
  title: 'Senior React Engineer',
  department: 'engineering',
  location: 'onsite',
  type: 'contract',
  experience: '5+ years',
  description: 'Build our <client> apps & ship them.\n\nWork with design.',
  requirements: ['React', 'TypeScript'],
  closesAt: todayUtc(new Date(Date.now() + 10 * DAY_MS)),
};
const remoteJob = { ...onsiteJob, title: 'Remote Designer', department: 'design', location: 'remote', type: 'internship', closesAt: null };

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
}
const jobPostings = (html: string) => jsonLd(html).filter((block) => block['@type'] === 'JobPosting');

/** The content of a <meta> (property= or name=) or the href of a <link rel=…> in the page's head. */
function headValue(html: string, attribute: 'property' | 'name' | 'rel', key: string): string | undefined {
  const pattern =
    attribute === 'rel'
      ? new RegExp(`<link rel="${key}" href="([^"]*)"`)
      : new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`);
  return pattern.exec(html)?.[1];
}

describe('Job pages, /careers/<slug>', () => {
  let t: TestApp;
  let token: string;
  let db: Database;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const createJob = async (fields: object): Promise<Job> => (await t.http.post('/api/jobs/admin').set(auth()).send(fields).expect(201)).body.data as Job;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(siteSsrDir, 'entry-server.cjs'))) throw new Error(`${siteSsrDir} has no server entry: run npm run build first`);
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDistDir, METRICS_TOKEN: RENDERS_METRICS_TOKEN });
    token = await loginAsAdmin(t);
    db = t.app.get<symbol, Database>(DATABASE);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('has a slug of the title words and the first 8 hex digits of the id', async () => {
    const job = await createJob(onsiteJob);
    expect(jobSlug(job)).toBe(`senior-react-engineer-${job._id.slice(0, 8)}`);
    expect(jobSlugId(job._id)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('renders an open job in the HTML: its fields, breadcrumb, back link, Apply button, canonical URL, share tags', async () => {
    const job = await createJob(onsiteJob);
    const response = await t.http.get(jobPath(job)).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.text;
    for (const text of [
      'Senior React Engineer',
      'Engineering',
      'Onsite',
      'Contract',
      '5+ years',
      'Build our &lt;client&gt; apps &amp; ship them.',
      'React',
      'TypeScript',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<nav aria-label="Breadcrumb".*>Home<\/a>.*>Careers<\/a>.*aria-current="page"[^>]*>Senior React Engineer</s);
    expect(html).toMatch(/<a [^>]*href="\/careers">(?:(?!<\/a>).)*Back to open positions<\/a>/s);
    expect(html).toMatch(/<button type="button"[^>]*>Apply Now<\/button>/);

    const url = `${SITE_URL}${jobPath(job)}`;
    expect(headValue(html, 'rel', 'canonical')).toBe(url);
    expect(html).toContain('<title>Senior React Engineer | Careers at Brightwave Technologies</title>');
    expect(headValue(html, 'property', 'og:title')).toBe('Senior React Engineer | Careers at Brightwave Technologies');
    expect(headValue(html, 'property', 'og:description')).toMatch(/^Engineering · Onsite · Contract\. Build our &lt;client&gt;/);
    expect(headValue(html, 'property', 'og:url')).toBe(url);
    expect(headValue(html, 'property', 'og:image')).toBe(`${SITE_URL}/images/share-careers.png`);
    expect(headValue(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(headValue(html, 'name', 'twitter:title')).toBe('Senior React Engineer | Careers at Brightwave Technologies');
    expect(headValue(html, 'name', 'twitter:description')).toBe(headValue(html, 'property', 'og:description'));
    expect(headValue(html, 'name', 'twitter:image')).toBe(`${SITE_URL}/images/share-careers.png`);
    expect(fs.existsSync(path.join(siteDistDir, 'images', 'share-careers.png'))).toBe(true);
  });

  it('carries exactly one JobPosting, with every property, built from an onsite job', async () => {
    const job = await createJob(onsiteJob);
    const postings = jobPostings((await t.http.get(jobPath(job)).expect(200)).text);
    expect(postings).toHaveLength(1);
    expect(postings[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Senior React Engineer',
      description:
        '<p>Build our &lt;client&gt; apps &amp; ship them.</p><p>Work with design.</p><p><strong>Requirements</strong></p><ul><li>React</li><li>TypeScript</li></ul>',
      datePosted: job.createdAt.slice(0, 10),
      validThrough: closingMoment(onsiteJob.closesAt),
      employmentType: 'CONTRACTOR',
      hiringOrganization: { '@type': 'Organization', name: 'Brightwave Technologies', sameAs: SITE_URL, logo: `${SITE_URL}/favicon.svg` },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '221 Harbor Street, Suite 400',
          addressLocality: 'Portland',
          addressRegion: 'OR',
          postalCode: '97204',
          addressCountry: 'United States',
        },
      },
      identifier: { '@type': 'PropertyValue', name: 'Brightwave Technologies', value: job._id },
      directApply: true,
      url: `${SITE_URL}${jobPath(job)}`,
    });
  });

  it('marks a remote job TELECOMMUTE with the applicant location, without validThrough when it has no closing date', async () => {
    const job = await createJob(remoteJob);
    const [posting] = jobPostings((await t.http.get(jobPath(job)).expect(200)).text);
    expect(posting).toMatchObject({
      employmentType: 'INTERN',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'United States' },
    });
    expect(posting).not.toHaveProperty('jobLocation');
    expect(posting).not.toHaveProperty('validThrough');
    for (const type of [
      ['full-time', 'FULL_TIME'],
      ['part-time', 'PART_TIME'],
    ]) {
      const other = await createJob({ ...remoteJob, type: type[0] });
      expect(jobPostings((await t.http.get(jobPath(other)).expect(200)).text)[0]).toMatchObject({ employmentType: type[1] });
    }
  });

  it('embeds the job for hydration', async () => {
    const job = await createJob(onsiteJob);
    const html = (await t.http.get(jobPath(job)).expect(200)).text;
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(data!)).toEqual({ job, content: { site: DEFAULT_CONTENT.site, services: DEFAULT_CONTENT.services } });
  });

  // A repeat visit is answered from the page's cache in an onRequest hook (src/static/rendered-pages.ts): it must
  // not be told apart from the handler's answer, in any encoding.
  it.each(['br', 'gzip', 'identity'])('answers a repeat visit from its cache with the same bytes and headers (%s)', async (encoding) => {
    const job = await createJob(onsiteJob);
    const first = await t.http.get(jobPath(job)).set('Accept-Encoding', encoding).buffer(true).expect(200);
    const repeat = await t.http.get(jobPath(job)).set('Accept-Encoding', encoding).buffer(true).expect(200);
    expect(repeat.text).toBe(first.text);
    const { date: _firstDate, ...firstHeaders } = first.headers;
    const { date: _repeatDate, ...repeatHeaders } = repeat.headers;
    expect(repeatHeaders).toEqual(firstHeaders);
    expect(repeat.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(repeat.headers['content-security-policy']).toBeDefined();
  });

  it('has no JobPosting on /careers', async () => {
    await createJob(onsiteJob);
    const html = (await t.http.get('/careers').expect(200)).text;
    expect(html).toContain('Join Our Team');
    expect(jobPostings(html)).toEqual([]);
  });

  it('answers 301 to the current slug from an old one (title changed), and from the bare short id', async () => {
    const job = await createJob(onsiteJob);
    const oldPath = jobPath(job);
    await t.http
      .put(`/api/jobs/admin/${job._id}`)
      .set(auth())
      .send({ ...onsiteJob, title: 'Lead React Engineer' })
      .expect(200);
    const moved = await t.http.get(oldPath).expect(301);
    expect(moved.headers.location).toBe(`/careers/lead-react-engineer-${jobSlugId(job._id)}`);
    expect((await t.http.get(`/careers/${jobSlugId(job._id)}`).expect(301)).headers.location).toBe(moved.headers.location);
    expect((await t.http.get(moved.headers.location!).expect(200)).text).toContain('Lead React Engineer');
  });

  it("answers the site's 404 for an unknown slug", async () => {
    const notFound = await t.http.get('/careers/no-such-job-0000ffff').expect(404);
    expect(notFound.text).toContain('Page Not Found');
    await t.http.get('/careers/no-such-job').expect(404);
  });

  describe('a closed job answers 410 with a page that says so, links to the open ones and has no markup', () => {
    async function expectClosed(job: Job) {
      const response = await t.http.get(jobPath(job)).expect(410);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.text;
      expect(html).toContain('Position Closed');
      expect(html).toContain('This position is no longer open.');
      expect(html).toMatch(/<a [^>]*href="\/careers">See open positions<\/a>/);
      expect(html).not.toContain(job.title);
      expect(jobPostings(html)).toEqual([]);
      expect(headValue(html, 'name', 'robots')).toBe('noindex');
      expect(headValue(html, 'rel', 'canonical')).toBeUndefined();
    }

    it.each(['filled', 'expired'])('%s', async (status) => {
      const job = await createJob(onsiteJob);
      await t.http.get(jobPath(job)).expect(200);
      await t.http.put(`/api/jobs/admin/${job._id}/status`).set(auth()).send({ status }).expect(200);
      await expectClosed(job);
    });

    it('past its closing date', async () => {
      const job = await createJob(onsiteJob);
      await db
        .update(jobs)
        .set({ closesAt: todayUtc(new Date(Date.now() - DAY_MS)) })
        .where(eq(jobs.id, job._id));
      await expectClosed(job);
    });

    it('deleted', async () => {
      const job = await createJob(onsiteJob);
      await t.http.get(jobPath(job)).expect(200);
      await t.http.delete(`/api/jobs/admin/${job._id}`).set(auth()).expect(200);
      await expectClosed(job);
    });

    // Any words may precede a job's digits: each new spelling must not cost a render and its compression. Half of the
    // requests are served at once, on the pool's several connections on PostgreSQL.
    describeEngineDependent('asked at the same moment', () => {
      it('is rendered once per job, whatever words, trailing slash or query the address has', async () => {
        const job = await createJob(onsiteJob);
        await t.http.put(`/api/jobs/admin/${job._id}/status`).set(auth()).send({ status: 'filled' }).expect(200);
        const shortId = jobSlugId(job._id);
        const before = await pageRenders(t, 'closed-job');
        const addresses = [jobPath(job), `/careers/${shortId}`];
        for (let index = 0; index < 40; index++)
          addresses.push(`/careers/prefix-${index}-${shortId}`, `/careers/p${index}-${shortId}/`, `${jobPath(job)}?v=${index}`);
        const pages = new Set<string>();
        // Half of them at once, as a crowd would ask.
        const half = Math.floor(addresses.length / 2);
        for (const response of await Promise.all(addresses.slice(0, half).map((address) => t.http.get(address).expect(410)))) pages.add(response.text);
        for (const address of addresses.slice(half)) pages.add((await t.http.get(address).expect(410)).text);
        expect(await pageRenders(t, 'closed-job')).toBe(before + 1);
        expect(pages.size).toBe(1);
        const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec([...pages][0]!)?.[1];
        expect(JSON.parse(data!)).toMatchObject({ jobClosed: shortId });
      });
    });
  });
});

describe('The sitemap and the job feeds follow the open jobs', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDistDir });
    token = await loginAsAdmin(t);
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t?.close());

  /** Well-formed XML (the parser's strict check), parsed. */
  function xml(text: string): Record<string, unknown> {
    expect(XMLValidator.validate(text)).toBe(true);
    // Text as text (no numbers guessed), CDATA sections read as the text they hold.
    return new XMLParser({ parseTagValue: false }).parse(text) as Record<string, unknown>;
  }

  it('lists an open job in sitemap.xml, feed.xml and feed.json, and drops it once filled', async () => {
    const job = (await t.http.post('/api/jobs/admin').set(auth()).send(onsiteJob).expect(201)).body.data as Job;
    const url = `${SITE_URL}${jobPath(job)}`;

    const sitemap = await t.http.get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = (xml(sitemap.text).urlset as { url: { loc: string; lastmod: string }[] }).url;
    expect(urls.map((entry) => entry.loc)).toEqual(expect.arrayContaining([`${SITE_URL}/`, `${SITE_URL}/careers`, url]));
    expect(urls.find((entry) => entry.loc === url)?.lastmod).toBe(job.createdAt.slice(0, 10));

    const feed = await t.http.get('/careers/feed.xml').expect(200);
    expect(feed.headers['content-type']).toBe('application/xml; charset=utf-8');
    const source = xml(feed.text).source as { publisher: string; job: Record<string, string> | Record<string, string>[] };
    expect(source.publisher).toBe('Brightwave Technologies');
    const entries = [source.job].flat();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({
      title: 'Senior React Engineer',
      date: new Date(job.createdAt).toUTCString(),
      referencenumber: job._id,
      url,
      company: 'Brightwave Technologies',
      city: 'Portland',
      state: 'OR',
      country: 'United States',
      description: expect.stringMatching(/^<p>Build our &lt;client&gt; apps &amp; ship them\.<\/p>/),
      jobtype: 'Contract',
      expirationdate: new Date(closingMoment(onsiteJob.closesAt)).toUTCString(),
    });

    const json = await t.http.get('/careers/feed.json').expect(200);
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const parsed = JSON.parse(json.text);
    expect(parsed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      home_page_url: `${SITE_URL}/careers`,
      feed_url: `${SITE_URL}/careers/feed.json`,
    });
    expect(parsed.items).toEqual([expect.objectContaining({ id: job._id, url, title: 'Senior React Engineer', date_published: job.createdAt })]);

    await t.http.put(`/api/jobs/admin/${job._id}/status`).set(auth()).send({ status: 'filled' }).expect(200);
    expect((await t.http.get('/sitemap.xml').expect(200)).text).not.toContain(url);
    expect(xml((await t.http.get('/careers/feed.xml').expect(200)).text).source).not.toHaveProperty('job');
    expect(JSON.parse((await t.http.get('/careers/feed.json').expect(200)).text).items).toEqual([]);
  });

  it('advertises both feeds in the head of /careers', async () => {
    const html = (await t.http.get('/careers').expect(200)).text;
    expect(html).toContain(`<link rel="alternate" type="application/xml" href="${SITE_URL}/careers/feed.xml"`);
    expect(html).toContain(`<link rel="alternate" type="application/feed+json" href="${SITE_URL}/careers/feed.json"`);
  });
});

// Each instance caches the public list for PUBLIC_LIST_TTL_MS; the issue asks every instance to follow within 60 s.
describeOnPostgres('Job pages on two instances of one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDistDir });
    b = await createTestApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDistDir, DATABASE_URL: a.config.database.url ?? '' });
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a job closed on one instance answers 410 and leaves the sitemap on the other within 60 seconds (within the list cache time)', async () => {
    const token = await loginAsAdmin(a);
    const job = (
      await a.http
        .post('/api/jobs/admin')
        .set({ Authorization: `Bearer ${token}` })
        .send(onsiteJob)
        .expect(201)
    ).body.data as Job;
    // The other instance has the job in its cached list.
    await b.http.get(jobPath(job)).expect(200);
    expect((await b.http.get('/sitemap.xml').expect(200)).text).toContain(jobPath(job));
    const closedAt = Date.now();
    await a.http
      .put(`/api/jobs/admin/${job._id}/status`)
      .set({ Authorization: `Bearer ${token}` })
      .send({ status: 'filled' })
      .expect(200);
    await a.http.get(jobPath(job)).expect(410);
    await pollUntil(async () => (await b.http.get(jobPath(job))).status === 410 && !(await b.http.get('/sitemap.xml')).text.includes(jobPath(job)), {
      what: 'the closed job on the other instance',
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    expect(Date.now() - closedAt).toBeLessThan(PUBLIC_LIST_TTL_MS + 2_000);
  }, 70_000);
});
