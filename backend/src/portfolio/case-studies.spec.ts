import { CASE_STUDY_MESSAGES, emptyCaseStudy, isCaseStudySlug, richDoc, richParagraph, caseStudySlugFromTitle, validateCaseStudy } from '@brightwave/common';
import { caseStudyPageData } from './case-study-pages';
import type { PublishedContent } from '../content/content.service';

describe('case study rules', () => {
  it.each([
    ['Atlas', 'atlas'],
    ['Harbour Café — Booking App', 'harbour-cafe-booking-app'],
    ['  --Spaces & Symbols!!  ', 'spaces-symbols'],
    ['!!!', 'project'],
    ['日本語', 'project'],
    ['A'.repeat(100), 'a'.repeat(76)],
  ])('makes the slug of “%s” %s', (title, slug) => {
    expect(caseStudySlugFromTitle(title)).toBe(slug);
    expect(isCaseStudySlug(caseStudySlugFromTitle(title))).toBe(true);
  });

  it.each(['atlas', 'atlas-2', 'a1-b2-c3', 'x'.repeat(80)])('takes the slug %s', (slug) => expect(isCaseStudySlug(slug)).toBe(true));
  it.each(['', 'Atlas', 'two--hyphens', '-lead', 'trail-', 'a/b', 'a b', 'x'.repeat(81)])('refuses the slug “%s”', (slug) =>
    expect(isCaseStudySlug(slug)).toBe(false),
  );

  it('takes an empty story, and a full one', () => {
    expect(validateCaseStudy(emptyCaseStudy())).toEqual({});
    expect(
      validateCaseStudy({
        client: 'Atlas Ltd',
        industry: 'Travel',
        services: ['web', 'mobile'],
        results: [{ value: '3×', label: 'more bookings' }],
        gallery: [{ image: '/images/x.svg', imageAlt: 'The booking screen', caption: '' }],
        body: richDoc(richParagraph('How it went.')),
      }),
    ).toEqual({});
  });

  it.each([
    ['not an object', 'story', { caseStudy: CASE_STUDY_MESSAGES.document }],
    ['an unknown field', { ...emptyCaseStudy(), extra: 'x' }, { extra: 'This field does not exist' }],
    ['no body', (({ body: _body, ...rest }) => rest)(emptyCaseStudy()), { body: expect.stringContaining('Story') }],
    ['a client too long', { ...emptyCaseStudy(), client: 'x'.repeat(81) }, { client: expect.any(String) }],
    ['a service twice', { ...emptyCaseStudy(), services: ['web', 'web'] }, { 'services.1': CASE_STUDY_MESSAGES.duplicateService }],
    ['a service that is no anchor', { ...emptyCaseStudy(), services: ['Web Design'] }, { 'services.0': expect.any(String) }],
    ['13 services', { ...emptyCaseStudy(), services: Array.from({ length: 13 }, (_, index) => `s${index}`) }, { services: expect.any(String) }],
    ['a result without its label', { ...emptyCaseStudy(), results: [{ value: '3×', label: '' }] }, { 'results.0.label': expect.any(String) }],
    [
      'a picture without its description',
      { ...emptyCaseStudy(), gallery: [{ image: '/images/x.svg', imageAlt: '', caption: '' }] },
      { 'gallery.0.imageAlt': expect.any(String) },
    ],
    [
      'a picture that is no picture',
      { ...emptyCaseStudy(), gallery: [{ image: 'javascript:alert(1)', imageAlt: 'x', caption: '' }] },
      { 'gallery.0.image': expect.any(String) },
    ],
    ['a body that is no document', { ...emptyCaseStudy(), body: { type: 'doc', content: [{ type: 'script' }] } }, { body: expect.any(String) }],
  ])('refuses %s, naming the field', (_name, story, errors) => {
    expect(validateCaseStudy(story)).toEqual(errors);
  });
});

describe(caseStudyPageData.name, () => {
  const item = (id: string, category: string, createdAt: string) =>
    ({ _id: id, slug: id, category, projectTitle: id, projectSubtitle: '', description: '', imgLink: '/x.svg', techStack: [], createdAt }) as never;
  // Newest first, as the public list is.
  const items = [item('e', 'mobile', '5'), item('d', 'web', '4'), item('c', 'logo', '3'), item('b', 'mobile', '2'), item('a', 'web', '1')];
  const story = (services: string[]) => ({ document: { ...emptyCaseStudy(), services }, publishedAt: '2026-01-01T00:00:00.000Z' });
  const content = {
    caseStudies: new Map([
      ['a', story(['web'])],
      ['c', story(['web'])],
    ]),
  } as unknown as PublishedContent;

  it('finds the item by its slug, with its published story, and none for another slug', () => {
    expect(caseStudyPageData(items, 'a', content)).toMatchObject({ item: { _id: 'a' }, story: { services: ['web'] }, publishedAt: '2026-01-01T00:00:00.000Z' });
    expect(caseStudyPageData(items, 'b', content)).toMatchObject({ story: null, publishedAt: null });
    expect(caseStudyPageData(items, 'zz', content)).toBeUndefined();
  });

  it('relates the same category first, then a shared service, then the newest; three at most, never itself', () => {
    expect(caseStudyPageData(items, 'a', content)?.related.map((related) => related._id)).toEqual(['d', 'c', 'e']);
  });

  it("shows a preview's draft in place of the published story", () => {
    expect(caseStudyPageData(items, 'b', content, { ...emptyCaseStudy(), client: 'Draft' })).toMatchObject({ story: { client: 'Draft' }, publishedAt: null });
  });
});
