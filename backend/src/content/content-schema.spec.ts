import {
  CONTENT_KEYS,
  CONTENT_PAGES,
  DEFAULT_CONTENT,
  defaultContentFields,
  richDoc,
  richParagraph,
  validateContent,
  type ContentFields,
} from '@brightwave/common';
import { upgradedFields } from './content.service';

describe('the content model', () => {
  it.each(CONTENT_KEYS)('seeds %s with fields that fit its spec', (key) => {
    expect(validateContent(CONTENT_PAGES[key], defaultContentFields(key))).toEqual({});
  });

  it('refuses what does not fit, naming each field by its path', () => {
    const services = structuredClone(DEFAULT_CONTENT.services);
    const cards = services.offer.cards;
    cards[0]!.title = '';
    cards[1]!.features = ['ok', 'x'.repeat(81)];
    cards[2]!.image = '/images/../etc/passwd.png';
    cards[3]!.anchor = 'Not An Anchor';
    services.hero.title = ' padded ';
    services.seo.description = 'line\u202eoverride';
    expect(validateContent(CONTENT_PAGES.services, services)).toEqual({
      'seo.description': 'Description must not start or end with spaces or hold control characters',
      'hero.title': 'Title must not start or end with spaces or hold control characters',
      'offer.cards.0.title': 'Title is required',
      'offer.cards.1.features.1': 'Feature must be at most 80 characters',
      'offer.cards.2.image': 'Image must be a picture of the site (a path under /images/) or an uploaded picture (/media/…)',
      'offer.cards.3.anchor': 'Anchor must be lower-case letters, digits and dashes, starting with a letter',
    });
  });

  it('refuses a missing section, an unknown one, and lists of the wrong size or kind', () => {
    const { footer: _footer, ...withoutFooter } = DEFAULT_CONTENT.site;
    expect(validateContent(CONTENT_PAGES.site, { ...withoutFooter, extra: {} })).toEqual({
      extra: 'This page has no such section',
      footer: 'Footer is missing',
    });
    const site = DEFAULT_CONTENT.site;
    const misfit = {
      ...site,
      contact: { ...site.contact, hours: 'Monday' },
      footer: { ...site.footer, services: Array.from({ length: 9 }, (_, index) => `Service ${index}`) },
      map: { ...site.map, longitude: '13.4' },
    };
    expect(validateContent(CONTENT_PAGES.site, misfit)).toEqual({
      'contact.hours': 'Opening hours must be a list',
      'footer.services': 'Services list must have from 0 to 8 entries',
      'map.longitude': 'Longitude must be a number from -180 to 180',
    });
    expect(validateContent(CONTENT_PAGES.site, null)).toEqual({ fields: 'The page content must be an object of sections' });
  });

  it('reads what an earlier release stored as the spec has it now: new fields from the installed texts, text as prose', () => {
    // The services page as first stored: descriptions were plain text, and cards had no picture description.
    const installed = DEFAULT_CONTENT.services;
    const { image: _image, ...seo } = installed.seo;
    const cards = installed.offer.cards.map(({ imageAlt: _imageAlt, ...card }) => ({ ...card, description: 'Fast stores.\n\nThat sell.' }));
    const stored: ContentFields = { ...installed, seo, offer: { ...installed.offer, cards } };
    const upgraded = upgradedFields('services', stored);
    expect(upgraded.seo).toEqual({ ...installed.seo, image: '' });
    const prose = richDoc(richParagraph('Fast stores.'), richParagraph('That sell.'));
    expect(upgraded.offer?.cards).toEqual(installed.offer.cards.map((card) => ({ ...card, description: prose, imageAlt: '' })));
    // The editor is then asked for what is new and required, field by field.
    expect(validateContent(CONTENT_PAGES.services, upgraded)['offer.cards.0.imageAlt']).toBe('Image description (for screen readers) is required');
    expect(upgradedFields('services', installed)).toEqual(installed);
  });
});
