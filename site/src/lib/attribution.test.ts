import { ATTRIBUTION_HEADER, ATTRIBUTION_VALUE_MAX_LENGTH, type AttributionReport } from '@brightwave/common';
import { attributionHeaders, captureAttribution, visitAttribution } from './attribution';

const site = { hostname: 'www.brightwave.example' };

/** What the forms' header carries, as the server reads it. */
const header = (): AttributionReport => JSON.parse(attributionHeaders()[ATTRIBUTION_HEADER] ?? '') as AttributionReport;

describe('captureAttribution', () => {
  it("keeps the landing page and the landing address's UTM tags", () => {
    captureAttribution(
      { ...site, pathname: '/services', search: '?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=web+design&utm_content=banner&page=2' },
      '',
    );
    expect(visitAttribution()).toEqual({
      landing: '/services',
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      term: 'web design',
      content: 'banner',
    });
  });

  it("keeps only the referring page's host", () => {
    captureAttribution({ ...site, pathname: '/', search: '' }, 'https://www.google.com/search?q=brightwave+careers&client=firefox');
    expect(visitAttribution()).toEqual({ landing: '/', referrer: 'www.google.com' });
  });

  it("ignores a referrer on the site's own host", () => {
    captureAttribution({ ...site, pathname: '/contact', search: '' }, 'https://www.brightwave.example/about');
    expect(visitAttribution()).toEqual({ landing: '/contact' });
  });

  it('leaves out empty tags and values longer than the server keeps', () => {
    const long = 'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 1);
    captureAttribution({ ...site, pathname: '/', search: `?utm_source=&utm_medium=${long}&utm_campaign=${'y'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH)}` }, '');
    expect(visitAttribution()).toEqual({ landing: '/', campaign: 'y'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH) });
  });

  it('reads the browser address and referrer when given none', () => {
    window.history.replaceState(null, '', '/about?utm_source=partner');
    captureAttribution();
    expect(visitAttribution()).toEqual({ landing: '/about', source: 'partner' });
  });
});

describe('attributionHeaders', () => {
  it('carries the visit as JSON in X-Attribution', () => {
    captureAttribution({ ...site, pathname: '/', search: '?utm_source=newsletter&utm_medium=email' }, 'https://news.example.org/issue/12');
    expect(Object.keys(attributionHeaders())).toEqual([ATTRIBUTION_HEADER]);
    expect(header()).toEqual({ landing: '/', source: 'newsletter', medium: 'email', referrer: 'news.example.org' });
  });

  it('writes characters beyond ASCII as JSON escapes, which a header can carry and the server reads back', () => {
    captureAttribution({ ...site, pathname: '/', search: `?utm_campaign=${encodeURIComponent('été 🌞')}` }, '');
    const value = attributionHeaders()[ATTRIBUTION_HEADER] ?? '';
    expect(value).toMatch(/^[ -~]+$/);
    // What fetch does with a header value: a character beyond ISO-8859-1 would make it refuse the request.
    expect(() => new Headers({ [ATTRIBUTION_HEADER]: value })).not.toThrow();
    expect(header().campaign).toBe('été 🌞');
  });

  it('stores nothing in the browser: no cookie, no local or session storage', () => {
    captureAttribution({ ...site, pathname: '/', search: '?utm_source=newsletter' }, 'https://news.example.org/');
    attributionHeaders();
    expect(document.cookie).toBe('');
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
  });
});
