import { CONTENT_PAGES, DEFAULT_CONTENT, validateContent, type ContentFields } from '@brightwave/common';
import { contentChanges, formPaths, moved, newEntryOf, pathLabel, sameContent, trimmed, valueAt, withValueAt } from './content-values';

const services = () => structuredClone(DEFAULT_CONTENT.services) as unknown as ContentFields;
const spec = CONTENT_PAGES.services;

describe('content values', () => {
  it('reads and replaces a value by its path, copying only what is on the path', () => {
    const before = services();
    const after = withValueAt(before, 'offer.cards.2.features.1', 'Brand books');
    expect(valueAt(after, 'offer.cards.2.features.1')).toBe('Brand books');
    expect(valueAt(before, 'offer.cards.2.features.1')).toBe('Brand guidelines');
    expect(after.hero).toBe(before.hero);
    expect(valueAt(after, 'offer.cards.9.title')).toBeUndefined();
  });

  it('starts a new list entry with every field of the record empty, lists with their minimum of entries', () => {
    expect(newEntryOf(spec.sections[2].fields.cards)).toEqual({ anchor: '', title: '', description: '', features: [], image: '' });
  });

  it('moves an entry to another place of the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('trims every text, so that a stray space is not refused', () => {
    const fields = withValueAt(services(), 'hero.title', '  Our Services ');
    expect(validateContent(spec, fields)).toHaveProperty(['hero.title']);
    expect(validateContent(spec, trimmed(fields))).toEqual({});
  });

  it('tells the same content whatever the order of the keys', () => {
    const fields = services();
    const reordered = {
      offer: fields.offer!,
      hero: { rotatingTitles: fields.hero!.rotatingTitles!, tagline: fields.hero!.tagline!, title: fields.hero!.title! },
      seo: fields.seo!,
    };
    expect(sameContent(fields, reordered)).toBe(true);
    expect(sameContent(fields, withValueAt(fields, 'offer.cards.0.features', []))).toBe(false);
  });

  it('lists the values that differ between two versions, by path, with what each holds', () => {
    const before = services();
    const after = withValueAt(withValueAt(before, 'hero.title', 'What we do'), 'offer.cards.0.features', ['Custom storefront design']);
    expect(contentChanges(before, after)).toEqual([
      { path: 'hero.title', before: 'Our Services', after: 'What we do' },
      { path: 'offer.cards.0.features.1', before: 'Secure payment integration', after: undefined },
      { path: 'offer.cards.0.features.2', before: 'Inventory management', after: undefined },
      { path: 'offer.cards.0.features.3', before: 'Conversion optimisation', after: undefined },
    ]);
  });

  it('names a path the way the form does', () => {
    expect(pathLabel(spec, 'offer.cards.2.features.1')).toBe('Service cards › Service card 3 › Feature 2');
    expect(pathLabel(spec, 'offer.cards')).toBe('Service cards › Service cards');
    expect(pathLabel(spec, 'hero.rotatingTitles.0')).toBe('Hero › Title 1');
    expect(pathLabel(spec, 'seo.title')).toBe('Search and sharing › Page title');
    expect(pathLabel(spec, 'nowhere.title')).toBe('nowhere.title');
  });

  it('knows which error paths the form shows beside a field', () => {
    const paths = formPaths(spec, services());
    expect(paths.has('offer.cards.8.features.3')).toBe(true);
    expect(paths.has('offer.cards')).toBe(true);
    expect(paths.has('offer.cards.9')).toBe(false);
    expect(paths.has('offer')).toBe(false);
  });
});
