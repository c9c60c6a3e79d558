import { readAttribution } from '../attribution/attribution';
import { countableOf, sitePathOf } from './collect-event';

const readChannel = (report: object) => readAttribution(JSON.stringify(report), 'www.brightwave.test');

describe(sitePathOf.name, () => {
  it.each([
    ['/', '/'],
    ['/careers/', '/careers'],
    ['/careers//', '/careers'],
    ['/contact?email=ann@example.com#form', '/contact'],
    ['/about/mission', '/about/mission'],
    [`/${'a'.repeat(300)}`, `/${'a'.repeat(199)}`],
  ])('keeps %j as %j', (path, kept) => expect(sitePathOf(path)).toBe(kept));

  it.each([
    '',
    'contact',
    '//evil.example/',
    'https://evil.example/',
    '/\\evil',
    '/a b',
    '/é',
    '/api/leads',
    '/admin',
    '/admin/leads',
    '/media/x.avif',
    42,
    null,
  ])('is no page of the site: %j', (path) => expect(sitePathOf(path)).toBeUndefined());
});

describe(countableOf.name, () => {
  it('counts a view with its page, the form the page holds and its channel', () => {
    expect(countableOf({ type: 'view', path: '/contact/', screen: 'phone', source: 'Newsletter', medium: 'Email' }, readChannel)).toEqual({
      kind: 'view',
      path: '/contact',
      form: 'contact',
      source: 'newsletter',
      medium: 'email',
      named: true,
      screen: 'phone',
    });
    expect(countableOf({ type: 'view', path: '/careers/engineer-3f2504e0' }, readChannel)).toMatchObject({
      form: 'application',
      source: 'direct',
      medium: null,
      named: false,
    });
    expect(countableOf({ type: 'view', path: '/', referrer: 'www.brightwave.test' }, readChannel)).toMatchObject({
      form: 'quote',
      source: 'direct',
      named: false,
    });
    expect(countableOf({ type: 'view', path: '/', referrer: 'news.ycombinator.com' }, readChannel)).toMatchObject({
      source: 'news.ycombinator.com',
      medium: 'referral',
      named: true,
    });
  });

  it.each([
    ['tablet', 'tablet'],
    ['desktop', 'desktop'],
    ['no screen class', undefined],
    ['a class not in the list', 'watch'],
    ['a width instead of a class', 390],
    ['a class in another case', 'Phone'],
  ])('counts a view with %s under that class, anything not in the list as unknown', (_, screen) => {
    const known = screen === 'tablet' || screen === 'desktop' ? screen : 'unknown';
    expect(countableOf({ type: 'view', path: '/', screen }, readChannel)).toMatchObject({ kind: 'view', path: '/', screen: known });
  });

  it('counts the start of a known form', () => {
    expect(countableOf({ type: 'start', form: 'application', path: '/careers' }, readChannel)).toEqual({ kind: 'start', form: 'application' });
  });

  it.each([
    ['a submission', { type: 'submit', form: 'quote', path: '/' }],
    ['an unknown form', { type: 'start', form: 'newsletter', path: '/' }],
    ['an unknown type', { type: 'click', path: '/' }],
    ['no path', { type: 'view' }],
    ['an array', [{ type: 'view', path: '/' }]],
    ['null', null],
    ['a prototype key', JSON.parse('{"__proto__":{"type":"view"},"path":"/"}')],
  ])('counts nothing for %s', (_, body) => expect(countableOf(body, readChannel)).toBeUndefined());
});
