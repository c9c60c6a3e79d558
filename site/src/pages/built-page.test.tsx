/**
 * @jest-environment node
 */
// A page built from blocks as the backend renders it (docs/features/built-pages.md): every block, the page's one h1, its
// head, its links, and the navigation's built pages on every page; the sitemap's entries for them.
import { richDoc, richLink, richParagraph, type BuiltPageDocument, type Job, type NavPageLink, type PortfolioItem, type PostCard } from '@brightwave/common';
import { renderDocument, sitemapXml } from '../entry-server';

const TEMPLATE = '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

const HERO_PICTURE = '/media/0b6f3f7e-5d1c-4c8e-9a37-2f1f3c9d8e71-1600x1000';
const PICTURE = '/media/1c7a4e2b-6d3f-4a9e-8b21-3e2f4d5c6b7a-1200x800';
const LOGO = '/media/2d8b5f3c-7e4a-4b1f-9c32-4f3a5e6d7c8b-400x160';
const SHARE = '/media/3e9c6a4d-8f5b-4c2a-8d43-5a4b6f7e8d9c-2400x1260';

const job = (id: string, title: string, department: Job['department']): Job => ({
  _id: id,
  id,
  title,
  department,
  location: 'remote',
  type: 'full-time',
  experience: '3+ years',
  description: 'Build things.',
  requirements: [],
  status: 'active',
  closesAt: null,
  questions: [],
  createdAt: '2026-11-01T09:00:00.000Z',
});
const engineer = job('6650f0c2a1b2c3d4e5f60718', 'Cloud Engineer', 'engineering');
const seller = job('6650f0c2a1b2c3d4e5f60719', 'Account Executive', 'sales');

const landing: BuiltPageDocument = {
  title: 'Cloud audit',
  slug: 'services/cloud-audit',
  seo: { title: '', description: 'A two-week audit of your cloud.', image: SHARE },
  blocks: [
    {
      type: 'hero',
      heading: 'Know what your cloud costs',
      text: 'Two weeks, one report.',
      image: HERO_PICTURE,
      imageAlt: 'A dashboard of cloud costs',
      buttonLabel: 'Book the audit',
      buttonLink: '/contact',
    },
    { type: 'richText', body: richDoc(richParagraph('We read every bill ', richLink('and every log', 'https://docs.example.com/logs'), '.')) },
    { type: 'picture', image: PICTURE, imageAlt: 'The audit team at work', caption: 'Our team in Lisbon' },
    {
      type: 'cards',
      heading: 'What you get',
      cards: [
        { title: 'A cost map', text: 'Every service priced.', image: PICTURE, imageAlt: 'A map of costs', link: '/services#cloud' },
        { title: 'A savings plan', text: '', image: '', imageAlt: '', link: 'https://example.com/plan' },
        { title: 'A follow-up call', text: 'Thirty minutes.', image: '', imageAlt: '', link: '' },
      ],
    },
    { type: 'callToAction', heading: 'Ready to save?', text: 'Most clients save a fifth.', buttonLabel: 'Talk to us', buttonLink: '/contact' },
    { type: 'quoteForm', heading: 'Ask for a quote' },
    { type: 'contactForm', heading: 'Write to us' },
    {
      type: 'faq',
      heading: 'Questions',
      items: [
        { question: 'How long does it take?', answer: richDoc(richParagraph('Two weeks.')) },
        { question: 'Do you need our passwords?', answer: richDoc(richParagraph('No, read-only access.')) },
      ],
    },
    {
      type: 'stats',
      heading: 'In numbers',
      items: [
        { value: '120', label: 'Audits done' },
        { value: '21%', label: 'Saved on average' },
      ],
    },
    { type: 'testimonial', quote: 'They paid for themselves in a month.', name: 'Ana Silva', role: 'CTO, Northwind', image: '', imageAlt: '' },
    { type: 'logos', heading: 'Trusted by', logos: [{ image: LOGO, imageAlt: 'Northwind', link: 'https://northwind.example' }] },
    { type: 'openPositions', heading: 'Join the cloud team', department: 'Engineering' },
    { type: 'openPositions', heading: 'Sales openings', department: 'sales' },
  ],
};

const navPages: NavPageLink[] = [
  { path: '/services/cloud-audit', label: 'Cloud audit', placement: 'header' },
  { path: '/terms', label: 'Terms of work', placement: 'footer' },
];

const headingsOne = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/gs)].map((match) => match[1]);
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));
const blockHtml = (html: string, index: number) =>
  new RegExp(`<div data-block="${index}">(.*?)</div><(?:div data-block|section|!--)`, 's').exec(html)?.[1] ?? '';
/** The texts of the links to `path` in some HTML (React writes an app link's class before its href). */
const linkTexts = (html: string, path: string) => [...html.matchAll(new RegExp(`<a [^>]*href="${path}"[^>]*>([^<]*)</a>`, 'g'))].map((match) => match[1]);
const linkTags = (html: string, path: string) => html.match(new RegExp(`<a [^>]*href="${path}"[^>]*>`, 'g')) ?? [];

describe('a page built from blocks', () => {
  let html: string;
  beforeAll(async () => {
    html = await renderDocument(TEMPLATE, '/services/cloud-audit', { builtPage: landing, jobs: [engineer, seller], navPages });
  });

  it("shows every block's text, in order", () => {
    const texts = [
      'Know what your cloud costs',
      'Two weeks, one report.',
      'We read every bill',
      'Our team in Lisbon',
      'What you get',
      'Every service priced.',
      'Ready to save?',
      'Ask for a quote',
      'Write to us',
      'How long does it take?',
      'No, read-only access.',
      'In numbers',
      'Saved on average',
      'They paid for themselves in a month.',
      'CTO, Northwind',
      'Trusted by',
      'Join the cloud team',
    ];
    const body = bodyOf(html);
    const places = texts.map((text) => body.indexOf(text));
    expect(places.filter((place) => place < 0)).toEqual([]);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
  });

  it('has one h1: the first block is a hero, its heading is the h1', () => {
    expect(headingsOne(html)).toEqual(['Know what your cloud costs']);
  });

  it("shows the page's title as its h1 when the first block is no hero", async () => {
    const page = { ...landing, blocks: landing.blocks.slice(1) };
    const other = await renderDocument(TEMPLATE, '/services/cloud-audit', { builtPage: page });
    expect(headingsOne(other)).toEqual(['Cloud audit']);
    // A later hero is a band with an h2.
    const withLaterHero = { ...landing, blocks: [...landing.blocks.slice(1, 2), ...landing.blocks.slice(0, 1)] };
    expect(headingsOne(await renderDocument(TEMPLATE, '/services/cloud-audit', { builtPage: withLaterHero }))).toEqual(['Cloud audit']);
  });

  it('renders the quote and contact forms of the site, with their texts', () => {
    expect(html).toContain('aria-label="Request a quote"');
    expect(html).toContain('>Get Quote</button>');
    expect(html).toContain('aria-label="Send us a message"');
    expect(html).toContain('>Send Message</button>');
    // Hydrated where they are: the rest is the server's HTML, kept as it is.
    expect(html).toContain('data-form-block="quoteForm"');
    expect(html).toContain('data-form-block="contactForm"');
    expect(html).not.toContain('data-block="5"');
  });

  it("links a site path plainly, and another site's address with rel=noopener in the same tab", () => {
    expect(blockHtml(html, 0)).toContain('<a href="/contact" class="inline-block rounded-full');
    const cards = blockHtml(html, 3);
    expect(cards).toContain('<a href="/services#cloud" class="');
    expect(cards).toContain('<a href="https://example.com/plan" rel="noopener" class="');
    expect(cards).not.toContain('target=');
    expect(cards).toContain('>A follow-up call</h3>');
    expect(blockHtml(html, 10)).toContain('<a href="https://northwind.example" rel="noopener" class="block">');
  });

  it('gives every picture its description and size, and loads only the first view’s at once', () => {
    expect(html).toContain('alt="A dashboard of cloud costs" width="1600" height="1000" loading="eager" fetchPriority="high"');
    expect(html).toContain('alt="The audit team at work" width="1200" height="800" loading="lazy"');
    expect(html).toContain('<figcaption class="mt-3 text-center text-sm text-slate-600 dark:text-slate-300">Our team in Lisbon</figcaption>');
    expect(html).toContain('alt="Northwind" width="400" height="160" loading="lazy"');
    expect(html).toContain('/media/1c7a4e2b-6d3f-4a9e-8b21-3e2f4d5c6b7a/640.avif 640w');
  });

  it('lists the open jobs of the block’s department only, each linking to its page', () => {
    const engineering = blockHtml(html, 11);
    expect(engineering).toContain('<a href="/careers/cloud-engineer-');
    expect(engineering).toContain('>Cloud Engineer</a>');
    expect(engineering).not.toContain('Account Executive');
    expect(blockHtml(html, 12)).toContain('>Account Executive</a>');
  });

  it('says so when no position is open', async () => {
    const page = { ...landing, blocks: [{ type: 'openPositions' as const, heading: '', department: '' }] };
    const none = await renderDocument(TEMPLATE, '/services/cloud-audit', { builtPage: page, jobs: [] });
    expect(none).toContain('No positions are open at the moment.');
    expect(none).toContain('<a href="/careers"');
  });

  it('puts its questions and answers in FAQPage structured data in the head', () => {
    const data = [...headOf(html).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );
    expect(data.find((item) => item['@type'] === 'FAQPage')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'How long does it take?', acceptedAnswer: { '@type': 'Answer', text: 'Two weeks.' } },
        { '@type': 'Question', name: 'Do you need our passwords?', acceptedAnswer: { '@type': 'Answer', text: 'No, read-only access.' } },
      ],
    });
  });

  it('has its title with the company’s name, its description, canonical address and share tags', () => {
    const head = headOf(html);
    expect(head).toContain('<title>Cloud audit | Brightwave Technologies</title>');
    expect(head).toContain('<meta name="description" content="A two-week audit of your cloud." />');
    expect(head).toContain('<link rel="canonical" href="https://www.brightwave.example/services/cloud-audit" />');
    expect(head).toContain('<meta property="og:url" content="https://www.brightwave.example/services/cloud-audit" />');
    expect(head).toContain('<meta property="og:title" content="Cloud audit | Brightwave Technologies" />');
    expect(head).toContain('<meta property="og:image" content="https://www.brightwave.example/media/3e9c6a4d-8f5b-4c2a-8d43-5a4b6f7e8d9c/1280.jpg" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('<meta name="twitter:title" content="Cloud audit | Brightwave Technologies" />');
  });

  it('uses its own search title when it has one, and is not indexed as a preview', async () => {
    const page = { ...landing, seo: { ...landing.seo, title: 'Cloud cost audit in two weeks' } };
    const preview = await renderDocument(TEMPLATE, '/services/cloud-audit', { builtPage: page, preview: true });
    expect(preview).toContain('<title>Cloud cost audit in two weeks</title>');
    expect(preview).toContain('<meta name="robots" content="noindex" />');
    expect(preview).not.toContain('rel="canonical"');
    expect(headingsOne(preview)).toEqual(['Know what your cloud costs']);
  });

  it('is the 404 page at any other path', async () => {
    const elsewhere = await renderDocument(TEMPLATE, '/services/other', { builtPage: landing });
    expect(headingsOne(elsewhere)).toEqual(['Page Not Found']);
    expect(headingsOne(await renderDocument(TEMPLATE, '/nothing-here'))).toEqual(['Page Not Found']);
  });
});

describe('the listing blocks', () => {
  const item = (slug: string, projectTitle: string): PortfolioItem => ({
    _id: `item-${slug}`,
    projectTitle,
    projectSubtitle: `${projectTitle}, rebuilt`,
    category: 'web',
    description: 'A project.',
    imgLink: '/images/portfolio/atlas.webp',
    techStack: ['React'],
    createdAt: '2026-11-01T09:00:00.000Z',
    slug,
  });
  const post = (slug: string, title: string, publishedAt: string): PostCard => ({
    _id: `post-${slug}`,
    title,
    slug,
    path: `/news/${slug}`,
    summary: `${title} in short.`,
    cover: slug === 'launch' ? PICTURE : '',
    coverAlt: '',
    tags: ['cloud'],
    authorName: 'Ana Silva',
    publishedAt,
    readingMinutes: 2,
  });
  const page: BuiltPageDocument = {
    ...landing,
    blocks: [
      { type: 'caseStudies', heading: 'Our work', intro: 'Projects we are proud of.', count: 3, chosen: [] },
      { type: 'latestNews', heading: 'From the blog', count: 3, tag: 'cloud' },
    ],
  };

  it('shows the case studies and posts the backend picked, as cards linking to their pages, with the posts’ dates', async () => {
    const html = await renderDocument(TEMPLATE, '/services/cloud-audit', {
      builtPage: page,
      caseStudyBlocks: { 0: [item('atlas', 'Atlas'), item('nova', 'Nova')] },
      newsBlocks: { 1: [post('launch', 'We launched', '2026-11-20T10:00:00.000Z'), post('audit', 'Audits', '2026-11-02T10:00:00.000Z')] },
    });
    const caseStudies = blockHtml(html, 0);
    expect(caseStudies).toContain('>Our work</h2>');
    expect(caseStudies).toContain('Projects we are proud of.');
    expect(linkTexts(caseStudies, '/portfolio/atlas')).toEqual(['Atlas']);
    expect(linkTexts(caseStudies, '/portfolio/nova')).toEqual(['Nova']);
    expect(linkTexts(caseStudies, '/portfolio')).toEqual(['See all our work']);
    const news = blockHtml(html, 1);
    expect(news).toContain('>From the blog</h2>');
    expect(linkTexts(news, '/news/launch')).toEqual(['We launched']);
    expect(news.indexOf('We launched')).toBeLessThan(news.indexOf('Audits'));
    expect(news).toContain('<time dateTime="2026-11-20T10:00:00.000Z">November 20, 2026</time>');
    expect(news).toContain('/media/1c7a4e2b-6d3f-4a9e-8b21-3e2f4d5c6b7a/640.avif 640w');
    expect(linkTexts(news, '/news\\?tag=cloud')).toEqual(['All news about cloud']);
    // Rendered by the server alone: their HTML is kept by the browser, nothing is hydrated.
    expect(html).not.toContain('data-form-block');
  });

  it('says so when there is no news yet, and still links to the portfolio', async () => {
    const html = await renderDocument(TEMPLATE, '/services/cloud-audit', { builtPage: page });
    expect(blockHtml(html, 1)).toContain('No news about cloud yet.');
    expect(linkTexts(blockHtml(html, 0), '/portfolio')).toEqual(['See all our work']);
  });
});

describe("the navigation's built pages", () => {
  it('are in the header (desktop and phone menus) and the footer of every page', async () => {
    const html = await renderDocument(TEMPLATE, '/about', { navPages });
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
    expect(linkTexts(header, '/services/cloud-audit')).toEqual(['Cloud audit', 'Cloud audit']);
    expect(header).not.toContain('Terms of work');
    expect(linkTexts(footer, '/terms')).toEqual(['Terms of work']);
    expect(footer).not.toContain('Cloud audit');
  });

  it('mark the current page in the header', async () => {
    const html = await renderDocument(TEMPLATE, '/services/cloud-audit', { builtPage: landing, navPages });
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(linkTags(header, '/services/cloud-audit')[0]).toContain('aria-current="page"');
  });
});

describe('sitemapXml', () => {
  it('lists the published built pages with their last publication', () => {
    const xml = sitemapXml([engineer], '2026-11-29', [{ path: '/services/cloud-audit', lastmod: '2026-11-28T10:00:00.000Z' }]);
    expect(xml).toContain('<url><loc>https://www.brightwave.example/services/cloud-audit</loc><lastmod>2026-11-28</lastmod></url>');
    expect(xml).toContain('<url><loc>https://www.brightwave.example/</loc><lastmod>2026-11-29</lastmod></url>');
    expect(xml).toContain('/careers/cloud-engineer-');
    expect(sitemapXml([], '2026-11-29')).not.toContain('cloud-audit');
  });
});
