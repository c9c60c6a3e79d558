/**
 * @jest-environment node
 */
// The server entry's contract with the prerender and the backend (docs/features/site-content.md): every page carries
// the layout's content in its page data, the published pages when given, the installed texts otherwise.
import {
  BOOKING_MESSAGES,
  BOOKING_PAGE_TEXTS,
  DEFAULT_CONTENT,
  bookingPageTexts,
  LAYOUT_CONTENT_KEYS,
  type Job,
  type SiteContentPages,
} from '@brightwave/common';
import { jobFeedJson, jobFeedXml, renderDocument, routes } from './entry-server';
import type { PageData } from './lib/page-data';
import { contentKeysForPath } from './lib/content-loader';

const TEMPLATE = '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

const headingOne = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

function pageData(html: string): PageData {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('The page has no page data');
  return JSON.parse(json) as PageData;
}

const published: SiteContentPages = {
  ...DEFAULT_CONTENT,
  site: { ...DEFAULT_CONTENT.site, company: { name: 'Northwind Studio', shortName: 'Northwind', tagline: 'Software with care' } },
  services: {
    ...DEFAULT_CONTENT.services,
    seo: { title: 'What Northwind does', description: 'Apps and websites.', image: '' },
    hero: { ...DEFAULT_CONTENT.services.hero, title: 'Our Craft' },
  },
};

describe('renderDocument', () => {
  it.each([...routes.map((route) => route.path), '/404'])("embeds the installed texts of the layout's pages and of its own in %s", async (path) => {
    const data = pageData(await renderDocument(TEMPLATE, path));
    const keys = contentKeysForPath(path);
    expect(keys).toEqual(expect.arrayContaining([...LAYOUT_CONTENT_KEYS]));
    expect(Object.keys(data.content ?? {}).sort()).toEqual([...keys].sort());
    expect(data.content).toEqual(Object.fromEntries(keys.map((key) => [key, DEFAULT_CONTENT[key]])));
  });

  it("shows a page's own published content, and leaves other pages' content out of it", async () => {
    const mission = { ...DEFAULT_CONTENT.mission, hero: { title: 'Why Northwind', tagline: '' } };
    const html = await renderDocument(TEMPLATE, '/about/mission', { content: { ...published, mission } });
    expect(headingOne(html)).toBe('Why Northwind');
    expect(Object.keys(pageData(html).content ?? {}).sort()).toEqual(['mission', 'services', 'site']);
    expect(pageData(html).content?.mission).toEqual(mission);
  });

  it('shows the published pages given, and the installed texts of the others', async () => {
    const html = await renderDocument(TEMPLATE, '/services', { content: { services: published.services } });
    expect(headingOne(html)).toBe('Our Craft');
    expect(html).toContain('<title>What Northwind does</title>');
    expect(html).toContain('<meta name="description" content="Apps and websites." />');
    expect(pageData(html).content).toEqual({ site: DEFAULT_CONTENT.site, services: published.services });
  });

  it('names the published company in the layout and the structured data', async () => {
    const html = await renderDocument(TEMPLATE, '/', { content: published });
    const body = html.slice(html.indexOf('<body>'));
    expect(headingOne(html)).toBe('Software with care');
    expect(html).toContain('<meta property="og:site_name" content="Northwind Studio" />');
    expect(html).toContain('"@type":"Organization","name":"Northwind Studio"');
    // The home page's own texts are its content, as installed: they do not name the company in the body.
    expect(body).not.toContain(DEFAULT_CONTENT.site.company.name);
    expect(body).not.toContain(`>${DEFAULT_CONTENT.site.company.shortName}<`);
  });

  it("shares a page with its share picture: an uploaded one's JPEG of at most 1280 pixels, with its size", async () => {
    const seo = { ...DEFAULT_CONTENT.mission.seo, image: '/media/0b6f3f7e-5d1c-4c8e-9a37-2f1f3c9d8e71-2400x1260' };
    const html = await renderDocument(TEMPLATE, '/about/mission', { content: { mission: { ...DEFAULT_CONTENT.mission, seo } } });
    expect(html).toContain('<meta property="og:image" content="https://www.brightwave.example/media/0b6f3f7e-5d1c-4c8e-9a37-2f1f3c9d8e71/1280.jpg" />');
    expect(html).toContain('<meta property="og:image:width" content="1280" />');
    expect(html).toContain('<meta property="og:image:height" content="672" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const plain = await renderDocument(TEMPLATE, '/about/mission');
    expect(plain).not.toContain('og:image');
    expect(plain).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('gives a public page its canonical link', async () => {
    const html = await renderDocument(TEMPLATE, '/services');
    expect(html).toContain('<link rel="canonical" href="https://www.brightwave.example/services" />');
    expect(html).not.toContain('noindex');
  });

  it("renders a booking link's page with whom and how long, never indexed; a refused link with its message", async () => {
    const details = { kind: 'call' as const, with: 'Sam', meetingMinutes: 45, timeZone: 'Europe/Berlin', meeting: null };
    const html = await renderDocument(TEMPLATE, '/book/abc', { booking: { token: 'abc', details } });
    expect(headingOne(html)).toBe(BOOKING_PAGE_TEXTS.title('Sam'));
    expect(html).toContain(`<title>${BOOKING_PAGE_TEXTS.title('Sam')} | ${DEFAULT_CONTENT.site.company.name}</title>`);
    expect(html).toContain(BOOKING_PAGE_TEXTS.tagline(45));
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(pageData(html).booking).toEqual({ token: 'abc', details });

    // Opened from the visitor's mail to cancel: the call booked, on the staff member's clock until the visitor's is known.
    const meeting = { _id: 'm1', start: '2030-01-07T09:00:00.000Z', end: '2030-01-07T09:45:00.000Z', with: 'Sam' };
    const cancel = await renderDocument(TEMPLATE, '/book/abc?cancel=1', { booking: { token: 'abc', details: { ...details, meeting } } });
    expect(cancel).toContain(BOOKING_PAGE_TEXTS.cancelQuestion('Sam', 'Monday 7 January 2030, 10:00 to 10:45 (Europe/Berlin)'));

    // An interview invitation's link: the same page, saying what it books.
    const interview = await renderDocument(TEMPLATE, '/book/abc', {
      booking: { token: 'abc', details: { ...details, kind: 'interview', with: 'Ada and Bo' } },
    });
    const interviewTexts = bookingPageTexts('interview');
    expect(headingOne(interview)).toBe('Book an interview with Ada and Bo');
    expect(interview).toContain(`<title>${interviewTexts.title('Ada and Bo')} | ${DEFAULT_CONTENT.site.company.name}</title>`);
    expect(interview).toContain(interviewTexts.tagline(45));
    expect(interview).toContain(`>${interviewTexts.book}<`);

    const refused = await renderDocument(TEMPLATE, '/book/abc', { booking: { refused: { status: 410, message: BOOKING_MESSAGES.linkExpired } } });
    expect(headingOne(refused)).toBe(BOOKING_PAGE_TEXTS.goneTitle);
    expect(refused).toContain(`>${BOOKING_MESSAGES.linkExpired}</p>`);
    expect(refused).toContain('<meta name="robots" content="noindex" />');
  });

  it('marks a preview not to be indexed, in place of the canonical link', async () => {
    const html = await renderDocument(TEMPLATE, '/services', { content: published, preview: true });
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(pageData(html).preview).toBe(true);
  });
});

describe('the job feeds', () => {
  const job: Job = {
    _id: '6650f0c2a1b2c3d4e5f60718',
    id: '6650f0c2a1b2c3d4e5f60718',
    title: 'Frontend Engineer',
    department: 'engineering',
    location: 'onsite',
    type: 'full-time',
    experience: '3+ years',
    description: 'Build the site.',
    requirements: ['React'],
    status: 'active',
    closesAt: null,
    questions: [],
    createdAt: '2026-11-01T09:00:00.000Z',
  };

  it('name the installed company when the backend gives no content', () => {
    expect(jobFeedXml([job])).toContain(`<publisher>${DEFAULT_CONTENT.site.company.name}</publisher>`);
    expect(JSON.parse(jobFeedJson([job])).title).toBe(`Open positions at ${DEFAULT_CONTENT.site.company.name}`);
  });

  it('name the published company and its city', () => {
    const site = { ...published.site, contact: { ...published.site.contact, city: 'Berlin' } };
    const xml = jobFeedXml([job], site);
    expect(xml).toContain('<company><![CDATA[Northwind Studio]]></company>');
    expect(xml).toContain('<city><![CDATA[Berlin]]></city>');
    expect(JSON.parse(jobFeedJson([job], site)).title).toBe('Open positions at Northwind Studio');
  });
});
