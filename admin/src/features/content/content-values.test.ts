import { CONTENT_PAGES, DEFAULT_CONTENT, richDoc, richLink, richParagraph, validateContent, type ContentFields } from '@brightwave/common';
import { contentChanges, emptyValueOf, fieldAt, formPaths, moved, newEntryOf, pathLabel, sameContent, trimmed, valueAt, withValueAt } from './content-values';

const services = (): ContentFields => structuredClone(DEFAULT_CONTENT.services);
const spec = CONTENT_PAGES.services;
const emptyDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

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
    expect(newEntryOf(spec.sections[2].fields.cards)).toMatchObject({ anchor: '', title: '', description: emptyDocument, features: [], image: '' });
  });

  it('starts a rich-text field as the empty document the editor makes, which the check calls required', () => {
    const card = spec.sections[2].fields.cards;
    expect(card.kind === 'list' && card.fields?.description && emptyValueOf(card.fields.description)).toEqual(emptyDocument);
    const fields = withValueAt(services(), 'offer.cards.0.description', emptyDocument);
    expect(validateContent(spec, fields)['offer.cards.0.description']).toBe('Description is required');
  });

  it('moves an entry to another place of the list', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('trims every text, so that a stray space is not refused', () => {
    const fields = withValueAt(services(), 'hero.title', '  Our Services ');
    expect(validateContent(spec, fields)).toHaveProperty(['hero.title']);
    expect(validateContent(spec, trimmed(spec, fields))).toEqual({});
  });

  it('keeps a rich-text document whole: the spaces of its texts are the spaces between its words', () => {
    const prose = richDoc(richParagraph('Hello ', { type: 'text', text: 'bold', marks: [{ type: 'bold' }] }, ' world '));
    const fields = withValueAt(withValueAt(services(), 'offer.cards.0.description', prose), 'offer.cards.0.title', ' Web ');
    const clean = trimmed(spec, fields);
    expect(valueAt(clean, 'offer.cards.0.description')).toEqual(prose);
    expect(valueAt(clean, 'offer.cards.0.title')).toBe('Web');
    expect(validateContent(spec, clean)).toEqual({});
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
    expect(contentChanges(spec, before, after)).toEqual([
      { path: 'hero.title', before: 'Our Services', after: 'What we do' },
      { path: 'offer.cards.0.features.1', before: 'Secure payment integration', after: undefined },
      { path: 'offer.cards.0.features.2', before: 'Inventory management', after: undefined },
      { path: 'offer.cards.0.features.3', before: 'Conversion optimisation', after: undefined },
    ]);
  });

  it('shows a rich-text document as its text, blocks on lines of their own, and tells a change of formatting only', () => {
    const before = withValueAt(services(), 'offer.cards.0.description', richDoc(richParagraph('Shops that sell.'), richParagraph('Call us.')));
    const reworded = withValueAt(before, 'offer.cards.0.description', richDoc(richParagraph('Shops that sell well.'), richParagraph('Call us.')));
    expect(contentChanges(spec, before, reworded)).toEqual([
      { path: 'offer.cards.0.description', before: 'Shops that sell.\nCall us.', after: 'Shops that sell well.\nCall us.' },
    ]);
    const linked = withValueAt(
      before,
      'offer.cards.0.description',
      richDoc(richParagraph('Shops that sell.'), richParagraph(richLink('Call us.', 'tel:+15550100'))),
    );
    expect(contentChanges(spec, before, linked)).toEqual([
      { path: 'offer.cards.0.description', before: 'Shops that sell.\nCall us.', after: 'Shops that sell.\nCall us.', formattingOnly: true },
    ]);
    expect(contentChanges(spec, before, structuredClone(before))).toEqual([]);
  });

  it('finds the field of the spec at a path, none inside a document', () => {
    expect(fieldAt(spec, 'offer.cards.3.description')).toMatchObject({ kind: 'rich', label: 'Description' });
    expect(fieldAt(spec, 'offer.cards.3.features.1')).toMatchObject({ kind: 'text', label: 'Feature' });
    expect(fieldAt(spec, 'offer.cards')).toMatchObject({ kind: 'list' });
    expect(fieldAt(spec, 'offer.cards.3')).toBeUndefined();
    expect(fieldAt(spec, 'offer.cards.3.description.content.0')).toBeUndefined();
    expect(fieldAt(spec, 'nowhere.title')).toBeUndefined();
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
    expect(paths.has('offer.cards.8.description')).toBe(true);
    expect(paths.has('offer.cards.8.description.content.0')).toBe(false);
    expect(paths.has('offer.cards')).toBe(true);
    expect(paths.has('offer.cards.9')).toBe(false);
    expect(paths.has('offer')).toBe(false);
  });
});
