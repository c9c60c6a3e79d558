import {
  BUILT_PAGE_MESSAGES,
  CASE_STUDY_MESSAGES,
  CONTENT_MESSAGES,
  MAX_PAGE_BLOCKS,
  PAGE_BLOCK_TYPES,
  SITE_PAGE_PATHS,
  emptyBlock,
  newBuiltPage,
  reservedPathOwner,
  richDoc,
  richParagraph,
  validateBuiltPage,
  type BuiltPageDocument,
  type PageBlock,
} from '@brightwave/common';
import { builtPageMediaReferences } from './content-media';

const page = (blocks: unknown[], changes: Partial<Record<keyof BuiltPageDocument, unknown>> = {}): unknown => ({
  ...newBuiltPage('Cloud audit', 'services/cloud-audit'),
  blocks,
  ...changes,
});

/** A block of `type` with every required field filled. */
function filled(type: (typeof PAGE_BLOCK_TYPES)[number]): PageBlock {
  const prose = richDoc(richParagraph('Some words.'));
  const blocks: Record<string, Record<string, unknown>> = {
    hero: { heading: 'Audit your cloud' },
    richText: { body: prose },
    picture: { image: '/images/office.jpg', imageAlt: 'Our office' },
    cards: {
      cards: [
        { title: 'One', text: '', image: '', imageAlt: '', link: '/contact' },
        { title: 'Two', text: '', image: '', imageAlt: '', link: 'https://example.com/' },
      ],
    },
    callToAction: { heading: 'Talk to us', buttonLabel: 'Contact', buttonLink: '/contact' },
    quoteForm: {},
    contactForm: {},
    faq: { items: [{ question: 'Why?', answer: prose }] },
    stats: { items: [{ value: '40 %', label: 'Less spent' }] },
    testimonial: { quote: 'They saved us a fortune.', name: 'Ada' },
    logos: { logos: [{ image: '/images/logo.svg', imageAlt: 'Acme', link: '' }] },
    openPositions: {},
    caseStudies: { heading: 'Our work' },
    latestNews: { heading: 'News' },
  };
  return { ...emptyBlock(type), ...blocks[type] } as PageBlock;
}

describe('validateBuiltPage', () => {
  it('takes a new page, and a page with one filled block of every type', () => {
    expect(validateBuiltPage(newBuiltPage('Cloud audit', 'cloud-audit'))).toEqual({});
    expect(validateBuiltPage(page(PAGE_BLOCK_TYPES.map(filled)))).toEqual({});
  });

  it.each(PAGE_BLOCK_TYPES)('refuses an empty %s block only where a field is required', (type) => {
    const errors = validateBuiltPage(page([emptyBlock(type)]));
    expect(Object.keys(errors).every((path) => path.startsWith('blocks.0.'))).toBe(true);
    expect(Object.keys(errors).length > 0).toBe(!['quoteForm', 'contactForm', 'openPositions'].includes(type));
  });

  it.each([
    ['cloud-audit', true],
    ['services/cloud-audit', true],
    ['a/b/c/d/e', true],
    ['a/b/c/d/e/f', false],
    ['Cloud-Audit', false],
    ['/cloud-audit', false],
    ['cloud-audit/', false],
    ['cloud--audit', false],
    ['-cloud', false],
    ['cloud audit', false],
    ['cloud_audit', false],
    ['', false],
    ['ünïcode', false],
  ])('slug %j fits: %s', (slug, fits) => {
    const errors = validateBuiltPage(page([], { slug }));
    if (fits) expect(errors).toEqual({});
    else expect(errors.slug).toBeDefined();
  });

  it.each([
    ['about', "the site's page /about"],
    ['careers', "the site's page /careers"],
    ['careers/engineer-1a2b', 'the job pages'],
    ['portfolio/atlas', 'the case studies'],
    ['news', 'the news'],
    ['admin/users', 'the admin'],
    ['api/leads', 'the API'],
    ['media/x', 'uploaded pictures'],
    ['preview/services', 'preview links'],
    ['search', 'the site search'],
    ['404', "the site's not-found page"],
  ])('refuses the slug %s, naming its owner (%s)', (slug, owner) => {
    expect(validateBuiltPage(page([], { slug }))).toEqual({ slug: BUILT_PAGE_MESSAGES.slugTaken(owner) });
  });

  it('names each field of a block by its path', () => {
    const errors = validateBuiltPage(
      page([
        filled('hero'),
        { ...filled('hero'), heading: '', buttonLabel: 'Go' },
        { ...filled('cards'), cards: [{ title: 'Only one', text: '', image: '/images/a.png', imageAlt: '', link: 'javascript:alert(1)' }] },
        { ...filled('faq'), items: [{ question: 'x'.repeat(201), answer: richDoc(richParagraph('Yes')) }] },
      ]),
    );
    expect(errors).toEqual({
      'blocks.1.heading': CONTENT_MESSAGES.required('Heading'),
      'blocks.1.buttonLink': BUILT_PAGE_MESSAGES.buttonLink,
      'blocks.2.cards': expect.any(String),
      'blocks.2.cards.0.imageAlt': BUILT_PAGE_MESSAGES.imageAlt,
      'blocks.2.cards.0.link': CONTENT_MESSAGES.link('Link'),
      'blocks.3.items.0.question': CONTENT_MESSAGES.tooLong('Question', 200),
    });
  });

  it('refuses a link without a button text, a picture without its description, and an unknown field or type', () => {
    expect(validateBuiltPage(page([{ ...filled('hero'), buttonLink: '/contact' }]))).toEqual({ 'blocks.0.buttonLabel': BUILT_PAGE_MESSAGES.buttonLabel });
    expect(validateBuiltPage(page([{ ...filled('hero'), image: '/images/a.png' }]))).toEqual({ 'blocks.0.imageAlt': BUILT_PAGE_MESSAGES.imageAlt });
    expect(validateBuiltPage(page([{ ...filled('hero'), onclick: 'x' }]))).toEqual({ 'blocks.0.onclick': 'This field does not exist' });
    expect(validateBuiltPage(page([{ type: 'carousel' }]))).toEqual({ 'blocks.0.type': BUILT_PAGE_MESSAGES.blockType });
    expect(validateBuiltPage(page([{ type: '__proto__' }]))).toEqual({ 'blocks.0.type': BUILT_PAGE_MESSAGES.blockType });
    expect(Object.keys(validateBuiltPage(page(['hero'])))).toEqual(['blocks.0']);
  });

  it.each([
    ['a tag as posts have them', { ...filled('latestNews'), tag: 'cloud-cost' }, {}],
    ['a malformed tag', { ...filled('latestNews'), tag: 'Cloud Cost' }, { 'blocks.0.tag': BUILT_PAGE_MESSAGES.tag }],
    ['more than 6 posts', { ...filled('latestNews'), count: 7 }, { 'blocks.0.count': CONTENT_MESSAGES.number('How many posts', 1, 6) }],
    ['chosen case studies by address', { ...filled('caseStudies'), chosen: ['atlas', 'nova-2'] }, {}],
    ['a malformed address', { ...filled('caseStudies'), chosen: ['Atlas'] }, { 'blocks.0.chosen.0': CASE_STUDY_MESSAGES.slug }],
    ['a case study chosen twice', { ...filled('caseStudies'), chosen: ['atlas', 'atlas'] }, { 'blocks.0.chosen.1': BUILT_PAGE_MESSAGES.chosenTwice }],
    ['no count', { ...filled('caseStudies'), count: 0 }, { 'blocks.0.count': expect.any(String) }],
  ])('listing blocks: %s', (_rule, block, errors) => {
    expect(validateBuiltPage(page([block]))).toEqual(errors);
  });

  it('refuses prose outside the rich-text allowlist', () => {
    const script = { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }] };
    expect(Object.keys(validateBuiltPage(page([{ ...filled('richText'), body: script }])))).toEqual(['blocks.0.body']);
  });

  it(`takes at most ${MAX_PAGE_BLOCKS} blocks`, () => {
    expect(validateBuiltPage(page(Array.from({ length: MAX_PAGE_BLOCKS }, () => filled('hero'))))).toEqual({});
    expect(validateBuiltPage(page(Array.from({ length: MAX_PAGE_BLOCKS + 1 }, () => filled('hero'))))).toEqual({ blocks: BUILT_PAGE_MESSAGES.blocks });
  });

  it('refuses what is not a page: another shape, unknown fields, a missing title or seo', () => {
    expect(Object.keys(validateBuiltPage(null))).toEqual(['draft']);
    expect(Object.keys(validateBuiltPage([]))).toEqual(['draft']);
    expect(validateBuiltPage(page([], { title: '' }))).toEqual({ title: CONTENT_MESSAGES.required('Title') });
    expect(Object.keys(validateBuiltPage(page([], { seo: 'x' })))).toEqual(['seo']);
    expect(Object.keys(validateBuiltPage(page([], { blocks: {} })))).toEqual(['blocks']);
    expect(Object.keys(validateBuiltPage({ ...(page([]) as object), script: 'x' }))).toEqual(['script']);
    expect(Object.keys(validateBuiltPage(page([], { seo: { title: '', description: 'x'.repeat(201), image: '' } })))).toEqual(['seo.description']);
  });
});

describe('reservedPathOwner', () => {
  it.each(SITE_PAGE_PATHS)("reserves the site's page %s", (path) => {
    expect(reservedPathOwner(path)).toBe(`the site's page ${path}`);
  });

  it.each([
    ['/admin', 'the admin'],
    ['/admin/pages', 'the admin'],
    ['/api', 'the API'],
    ['/careers/feed.xml', 'the job pages'],
    ['/sitemap.xml', 'the sitemap'],
    ['/robots.txt', 'the robots file'],
  ])('reserves %s for %s', (path, owner) => {
    expect(reservedPathOwner(path)).toBe(owner);
  });

  it.each(['/administration', '/apis', '/services/cloud-audit', '/news-and-views', '/careersfair'])('leaves %s free', (path) => {
    expect(reservedPathOwner(path)).toBeUndefined();
  });
});

describe('builtPageMediaReferences', () => {
  it("names the uploaded pictures of the share picture and the blocks, by path, and not the site's own", () => {
    const upload = (n: number) => `/media/0b5c0c3e-8b0a-4f57-9a53-1f1c2a4e9d1${n}-640x480`;
    const document: BuiltPageDocument = {
      ...newBuiltPage('Pictures', 'pictures'),
      seo: { title: '', description: '', image: upload(0) },
      blocks: [
        { ...filled('hero'), image: upload(1), imageAlt: 'One' },
        { ...filled('picture'), image: '/images/office.jpg' },
        { ...filled('logos'), logos: [{ image: upload(2), imageAlt: 'Acme', link: '' }] },
      ] as PageBlock[],
    };
    expect(builtPageMediaReferences(document)).toEqual([
      { path: 'seo.image', src: upload(0) },
      { path: 'blocks.0.image', src: upload(1) },
      { path: 'blocks.2.logos.0.image', src: upload(2) },
    ]);
  });
});
