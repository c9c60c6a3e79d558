import { ATTRIBUTION_HEADER_MAX_LENGTH, ATTRIBUTION_VALUE_MAX_LENGTH, type Attribution } from '@brightwave/common';
import { readAttribution } from './attribution';

const NONE: Attribution = { source: null, medium: null, campaign: null, term: null, content: null, referrerHost: null, landingPath: null };
const read = (report: unknown) => readAttribution(JSON.stringify(report), 'www.brightwave.example');

describe(readAttribution.name, () => {
  it('keeps every well-formed value, trimmed, with source and medium lower-cased', () => {
    expect(
      read({
        source: ' Newsletter ',
        medium: 'EMAIL',
        campaign: 'Spring Sale',
        term: 'web design',
        content: 'Banner A',
        referrer: 'Mail.Example.COM.',
        landing: '/services',
      }),
    ).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'Spring Sale',
      term: 'web design',
      content: 'Banner A',
      referrerHost: 'mail.example.com',
      landingPath: '/services',
    });
  });

  it('makes a visit without a UTM source from another site a referral from its host', () => {
    expect(read({ referrer: 'news.ycombinator.com', landing: '/' })).toEqual({
      ...NONE,
      source: 'news.ycombinator.com',
      medium: 'referral',
      referrerHost: 'news.ycombinator.com',
      landingPath: '/',
    });
    expect(read({ referrer: 'forum.example', medium: 'social' })).toMatchObject({ source: 'forum.example', medium: 'social' });
  });

  it('makes a visit with no source and no outside referrer direct, the site itself (with or without www) included', () => {
    expect(read({ landing: '/contact' })).toEqual({ ...NONE, source: 'direct', landingPath: '/contact' });
    expect(read({ referrer: 'brightwave.example' })).toEqual({ ...NONE, source: 'direct' });
    expect(read({ referrer: 'www.brightwave.example' })).toEqual({ ...NONE, source: 'direct' });
    expect(readAttribution(undefined)).toEqual({ ...NONE, source: 'direct' });
  });

  it(`drops a value over ${ATTRIBUTION_VALUE_MAX_LENGTH} characters, with control or invisible characters, or that is not text`, () => {
    const long = 'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 1);
    expect(read({ source: long, medium: 'cpc', campaign: 'a\u0000b', term: 'new\nline', content: 'x\u202Ey' })).toEqual({
      ...NONE,
      source: 'direct',
      medium: 'cpc',
    });
    expect(read({ source: 'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH) }).source).toHaveLength(ATTRIBUTION_VALUE_MAX_LENGTH);
    expect(read({ source: 42, medium: ['cpc'], campaign: { a: 1 }, term: true, content: null })).toEqual({ ...NONE, source: 'direct' });
    expect(read({ source: '   ' })).toEqual({ ...NONE, source: 'direct' });
  });

  it.each([
    'https://google.com',
    'google.com/search',
    'google.com:443',
    'goo gle.com',
    '-bad.example',
    'bad-.example',
    'a..b',
    'bücher.de',
    '[::1]',
    'user@host',
  ])('drops the referrer %j: not a host name', (referrer) => {
    expect(read({ referrer })).toEqual({ ...NONE, source: 'direct' });
  });

  it.each(['services', '//evil.example/x', '/\\evil.example', 'https://brightwave.example/', '/a b', `/${'p'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH)}`])(
    'drops the landing %j: not a path of the site',
    (landing) => {
      expect(read({ landing }).landingPath).toBeNull();
    },
  );

  it('keeps the landing path without its query and fragment', () => {
    expect(read({ landing: '/careers?utm_source=x&email=a@b.c#apply' }).landingPath).toBe('/careers');
    expect(read({ landing: '/?utm_source=newsletter' }).landingPath).toBe('/');
  });

  it.each([
    ['not JSON', '{source: "x"}'],
    ['an array', '["x"]'],
    ['null', 'null'],
    ['a string', '"newsletter"'],
    ['too long', JSON.stringify({ source: 'newsletter', campaign: 'c'.repeat(ATTRIBUTION_HEADER_MAX_LENGTH) })],
  ])('ignores a header that is %s', (_, header) => {
    expect(readAttribution(header)).toEqual({ ...NONE, source: 'direct' });
  });

  it('reads only the fields of the report itself: a __proto__ key is a plain key, never the prototype', () => {
    const header = '{"__proto__":{"source":"polluted"},"constructor":{"prototype":{"source":"polluted"}},"medium":"cpc"}';
    expect(readAttribution(header)).toEqual({ ...NONE, source: 'direct', medium: 'cpc' });
    expect(({} as { source?: string }).source).toBeUndefined();
  });
});
