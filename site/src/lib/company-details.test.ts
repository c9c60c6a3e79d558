import { DEFAULT_CONTENT } from '@brightwave/common';
import { fullAddress, officeMap, primaryEmail, primaryPhone } from './company-details';

describe("the company's details", () => {
  it('builds the same map addresses the site had before they were content', () => {
    expect(officeMap(DEFAULT_CONTENT.site)).toEqual({
      embedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-122.6836%2C45.5141%2C-122.6656%2C45.5231&layer=mapnik&marker=45.5186%2C-122.6746',
      pageUrl: 'https://www.openstreetmap.org/?mlat=45.5186&mlon=-122.6746#map=17/45.5186/-122.6746',
      title: 'Map of the Brightwave Technologies office in Portland',
    });
  });

  it('follows a move of the office', () => {
    const site = { ...DEFAULT_CONTENT.site, map: { latitude: 52.52, longitude: 13.405 }, contact: { ...DEFAULT_CONTENT.site.contact, city: 'Berlin' } };
    expect(officeMap(site).embedUrl).toBe(
      'https://www.openstreetmap.org/export/embed.html?bbox=13.396%2C52.5155%2C13.414%2C52.5245&layer=mapnik&marker=52.52%2C13.405',
    );
    expect(officeMap(site).title).toBe('Map of the Brightwave Technologies office in Berlin');
  });

  it('writes the address on one line, leaving out an empty region and postal code', () => {
    expect(fullAddress(DEFAULT_CONTENT.site)).toBe('221 Harbor Street, Suite 400, Portland, OR 97204, United States');
    const abroad = { ...DEFAULT_CONTENT.site, contact: { ...DEFAULT_CONTENT.site.contact, region: '', postalCode: '' } };
    expect(fullAddress(abroad)).toBe('221 Harbor Street, Suite 400, Portland, United States');
  });

  it('names the first e-mail address and phone number as the primary ones', () => {
    expect(primaryEmail(DEFAULT_CONTENT.site)).toBe('hello@brightwave.example');
    expect(primaryPhone(DEFAULT_CONTENT.site)).toBe('+1 555 010 2030');
  });
});
