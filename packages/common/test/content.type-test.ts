// Type-level tests of the content pages, checked by `npm run typecheck` (tsc fails on an unused @ts-expect-error): the
// types of a page's texts follow from its spec, so a field added to a spec and not to the texts written against it (or
// the reverse) does not compile.
import { CONTENT_PAGES, DEFAULT_CONTENT, richDoc, richParagraph } from '../src';
import type { ContentFields, ContentPageSpec, PageValues, RichDocument, SiteContentPages } from '../src';

// A page of every kind of field: what each kind holds.
export const page = {
  key: 'example',
  title: 'Example',
  paths: ['/example'],
  sections: [
    {
      key: 'hero',
      title: 'Hero',
      fields: {
        title: { kind: 'text', label: 'Title', max: 80 },
        link: { kind: 'url', label: 'Link' },
        picture: { kind: 'image', label: 'Picture', optional: true },
        latitude: { kind: 'number', label: 'Latitude', min: -85, max: 85 },
        body: { kind: 'rich', label: 'Text', max: 400 },
      },
    },
    {
      key: 'cards',
      title: 'Cards',
      fields: {
        tags: { kind: 'list', label: 'Tags', itemLabel: 'tag', min: 0, max: 5, of: { kind: 'text', label: 'Tag', max: 20 } },
        items: {
          kind: 'list',
          label: 'Cards',
          itemLabel: 'card',
          min: 1,
          max: 4,
          fields: { title: { kind: 'text', label: 'Title', max: 60 }, score: { kind: 'number', label: 'Score', min: 0, max: 5 } },
        },
      },
    },
  ],
} as const satisfies ContentPageSpec;
type Example = PageValues<typeof page>;

const body = richDoc(richParagraph('Hello.'));
const hero = { title: 'Hi', link: 'https://example.com', picture: '', latitude: 45.5, body };
const cards = { tags: ['new'], items: [{ title: 'One', score: 3 }] };
export const fits: Example = { hero, cards };

// A field of the spec the texts lack, in a section and in a list's entry; a section the texts lack.
// @ts-expect-error `link` is in the spec, not in the texts
export const withoutField: Example = { hero: { title: 'Hi', picture: '', latitude: 45.5, body }, cards };
// @ts-expect-error `score` is in the spec of each card
export const withoutEntryField: Example = { hero, cards: { tags: [], items: [{ title: 'One' }] } };
// @ts-expect-error the `cards` section is in the spec
export const withoutSection: Example = { hero };

// The reverse: texts for a field or a section the spec does not have.
// @ts-expect-error `subtitle` is not in the spec
export const extraField: Example = { hero: { ...hero, subtitle: 'More' }, cards };
// @ts-expect-error `footer` is not a section of the spec
export const extraSection: Example = { hero, cards, footer: { blurb: 'Bye' } };

// Each kind holds its own value.
// @ts-expect-error a number field holds a number
export const textForNumber: Example = { hero: { ...hero, latitude: '45.5' }, cards };
// @ts-expect-error a rich field holds a document, not plain text
export const textForProse: Example = { hero: { ...hero, body: 'Hello.' }, cards };
// @ts-expect-error a list of values holds values, not records
export const recordsForValues: Example = { hero, cards: { ...cards, tags: [{ title: 'new' }] } };

// The installed texts are typed by the real specs: a field added to a spec and not to them fails there.
export const servicesWithFaq = {
  ...CONTENT_PAGES.services,
  sections: [...CONTENT_PAGES.services.sections, { key: 'faq', title: 'Questions', fields: { title: { kind: 'text', label: 'Heading', max: 80 } } }],
} as const satisfies ContentPageSpec;
export const installedServices: PageValues<typeof CONTENT_PAGES.services> = DEFAULT_CONTENT.services;
// @ts-expect-error the installed services texts have no `faq` section
export const staleServices: PageValues<typeof servicesWithFaq> = DEFAULT_CONTENT.services;
// @ts-expect-error the hero of the services page has rotating titles too
export const withoutRotatingTitles: SiteContentPages['services'] = { ...DEFAULT_CONTENT.services, hero: { title: 'Services', tagline: '' } };
// @ts-expect-error the services page's hero has no subtitle
export const unknownSubtitle: SiteContentPages['services'] = { ...DEFAULT_CONTENT.services, hero: { ...DEFAULT_CONTENT.services.hero, subtitle: 'x' } };

// The typed texts are what the API carries, with no cast; a prose field is a document.
export const carried: ContentFields = DEFAULT_CONTENT.mission;
export const prose: RichDocument = DEFAULT_CONTENT.mission.mission.body;
// @ts-expect-error the company's map holds numbers
export const mapAsText: SiteContentPages['site']['map'] = { latitude: '45.5', longitude: '-122.6' };

// A list is of values or of records, never both.
export const bothKinds = {
  kind: 'list',
  label: 'Tags',
  itemLabel: 'tag',
  min: 0,
  max: 5,
  of: { kind: 'text', label: 'Tag', max: 20 },
  // @ts-expect-error `of` and `fields` together
  fields: { title: { kind: 'text', label: 'Title', max: 60 } },
} as const satisfies ContentPageSpec['sections'][number]['fields'][string];
