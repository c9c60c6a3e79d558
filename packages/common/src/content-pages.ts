// The site's editable pages (docs/features/site-content.md): what each holds, declared once as its spec. The types of
// the pages' texts follow from the specs (PageValues, content-schema.ts), so the installed texts (content-defaults.ts)
// and the site's pages that read them cannot drift from what the backend checks and the admin's forms edit.
import type { ContentPageSpec, ContentSection, PageValues } from './content-schema';
import { CONTENT_PAGE_PATHS, type ContentKey } from './content-paths';

const seoSection = {
  key: 'seo',
  title: 'Search and sharing',
  fields: {
    title: { kind: 'text', label: 'Page title', max: 80 },
    description: { kind: 'text', label: 'Description', max: 200, multiline: true },
    image: { kind: 'image', label: 'Share picture (shown where the page is shared; 1200 × 630 suits every network)', optional: true },
  },
} as const satisfies ContentSection;

/** The description of the picture beside it: required, since every picture of the site says what it shows. */
const IMAGE_ALT = { kind: 'text', label: 'Image description (for screen readers)', max: 150 } as const;

const heroSection = {
  key: 'hero',
  title: 'Top of the page',
  fields: {
    title: { kind: 'text', label: 'Title', max: 80 },
    tagline: { kind: 'text', label: 'Tagline', max: 200, optional: true },
  },
} as const satisfies ContentSection;

const cardFields = {
  title: { kind: 'text', label: 'Title', max: 60 },
  text: { kind: 'text', label: 'Text', max: 300, multiline: true },
} as const;

const HEADING = { kind: 'text', label: 'Heading', max: 80 } as const;
const INTRO = { kind: 'text', label: 'Introduction', max: 200, optional: true } as const;

/** A policy's sections: a title and prose each. */
const policySections = (label: string, max: number) =>
  ({
    kind: 'list',
    label,
    itemLabel: 'section',
    min: 1,
    max,
    fields: { title: { kind: 'text', label: 'Title', max: 80 }, body: { kind: 'rich', label: 'Text', max: 3000 } },
  }) as const;

const ANCHOR = { regex: /^[a-z][a-z0-9-]{0,39}$/, message: 'Anchor must be lower-case letters, digits and dashes, starting with a letter' };

export const CONTENT_PAGES = {
  site: {
    key: 'site',
    title: 'Company details, navbar and footer',
    paths: CONTENT_PAGE_PATHS.site,
    sections: [
      {
        key: 'company',
        title: 'Company',
        fields: {
          name: { kind: 'text', label: 'Company name', max: 80 },
          shortName: { kind: 'text', label: 'Short name (navbar logo)', max: 30 },
          tagline: { kind: 'text', label: 'Tagline', max: 120 },
        },
      },
      {
        key: 'contact',
        title: 'Contact details',
        fields: {
          emails: {
            kind: 'list',
            label: 'E-mail addresses',
            itemLabel: 'e-mail address',
            min: 1,
            max: 5,
            fields: { label: { kind: 'text', label: 'Label', max: 40 }, address: { kind: 'email', label: 'Address' } },
          },
          phones: {
            kind: 'list',
            label: 'Phone numbers',
            itemLabel: 'phone number',
            min: 1,
            max: 5,
            fields: { label: { kind: 'text', label: 'Label', max: 40 }, number: { kind: 'phone', label: 'Number' } },
          },
          street: { kind: 'text', label: 'Street', max: 120 },
          city: { kind: 'text', label: 'City', max: 80 },
          region: { kind: 'text', label: 'Region or state', max: 80, optional: true },
          postalCode: { kind: 'text', label: 'Postal code', max: 20, optional: true },
          country: { kind: 'text', label: 'Country', max: 80 },
          hours: { kind: 'list', label: 'Opening hours', itemLabel: 'line of opening hours', min: 1, max: 7, of: { kind: 'text', label: 'Hours', max: 60 } },
        },
      },
      {
        key: 'social',
        title: 'Social links',
        fields: {
          instagram: { kind: 'url', label: 'Instagram' },
          youtube: { kind: 'url', label: 'YouTube' },
          linkedin: { kind: 'url', label: 'LinkedIn' },
        },
      },
      {
        key: 'map',
        title: 'Map location',
        fields: {
          latitude: { kind: 'number', label: 'Latitude', min: -85, max: 85 },
          longitude: { kind: 'number', label: 'Longitude', min: -180, max: 180 },
        },
      },
      {
        key: 'footer',
        title: 'Footer',
        fields: {
          blurb: { kind: 'text', label: 'Blurb', max: 300, multiline: true },
          services: { kind: 'list', label: 'Services list', itemLabel: 'service', min: 0, max: 8, of: { kind: 'text', label: 'Service', max: 40 } },
        },
      },
    ],
  },
  services: {
    key: 'services',
    title: 'Services',
    paths: CONTENT_PAGE_PATHS.services,
    sections: [
      seoSection,
      {
        key: 'hero',
        title: 'Hero',
        fields: {
          title: { kind: 'text', label: 'Title', max: 80 },
          tagline: { kind: 'text', label: 'Tagline', max: 200, optional: true },
          rotatingTitles: { kind: 'list', label: 'Rotating titles', itemLabel: 'title', min: 1, max: 12, of: { kind: 'text', label: 'Title', max: 60 } },
        },
      },
      {
        key: 'offer',
        title: 'Service cards',
        fields: {
          title: { kind: 'text', label: 'Heading', max: 80 },
          intro: { kind: 'text', label: 'Introduction', max: 200, optional: true },
          cards: {
            kind: 'list',
            label: 'Service cards',
            itemLabel: 'service card',
            min: 1,
            max: 12,
            unique: 'anchor',
            fields: {
              anchor: { kind: 'text', label: 'Anchor', max: 40, pattern: ANCHOR },
              title: { kind: 'text', label: 'Title', max: 60 },
              description: { kind: 'rich', label: 'Description', max: 400 },
              features: { kind: 'list', label: 'Features', itemLabel: 'feature', min: 0, max: 8, of: { kind: 'text', label: 'Feature', max: 80 } },
              image: { kind: 'image', label: 'Image' },
              imageAlt: IMAGE_ALT,
            },
          },
        },
      },
    ],
  },
  home: {
    key: 'home',
    title: 'Home',
    paths: CONTENT_PAGE_PATHS.home,
    sections: [
      seoSection,
      {
        key: 'hero',
        title: 'Hero slides (the heading is the company tagline)',
        fields: {
          slides: {
            kind: 'list',
            label: 'Slides',
            itemLabel: 'slide',
            min: 1,
            max: 12,
            fields: {
              title: { kind: 'text', label: 'Title', max: 60 },
              description: { kind: 'text', label: 'Description', max: 200, multiline: true },
              image: { kind: 'image', label: 'Image' },
              imageAlt: IMAGE_ALT,
            },
          },
        },
      },
      { key: 'quote', title: 'Quote form', fields: { title: HEADING, intro: INTRO } },
      {
        key: 'reasons',
        title: 'Why choose us',
        fields: {
          title: HEADING,
          intro: INTRO,
          items: { kind: 'list', label: 'Reasons (an icon each, in this order)', itemLabel: 'reason', min: 1, max: 4, fields: cardFields },
        },
      },
    ],
  },
  about: {
    key: 'about',
    title: 'About us',
    paths: CONTENT_PAGE_PATHS.about,
    sections: [
      seoSection,
      heroSection,
      {
        key: 'stats',
        title: 'Numbers',
        fields: {
          items: {
            kind: 'list',
            label: 'Numbers',
            itemLabel: 'number',
            min: 1,
            max: 4,
            fields: { value: { kind: 'text', label: 'Value', max: 12 }, label: { kind: 'text', label: 'Label', max: 40 } },
          },
        },
      },
      { key: 'who', title: 'Who we are', fields: { title: HEADING, body: { kind: 'rich', label: 'Text', max: 2000 } } },
      { key: 'whatWeDo', title: 'What we do (the first 8 service cards)', fields: { title: HEADING } },
      {
        key: 'process',
        title: 'Process',
        fields: {
          title: HEADING,
          intro: INTRO,
          stages: { kind: 'list', label: 'Stages', itemLabel: 'stage', min: 1, max: 8, fields: cardFields },
        },
      },
      {
        key: 'reasons',
        title: 'Why choose us',
        fields: {
          title: HEADING,
          items: { kind: 'list', label: 'Reasons', itemLabel: 'reason', min: 1, max: 8, of: { kind: 'text', label: 'Reason', max: 120 } },
        },
      },
      {
        key: 'stories',
        title: 'Client stories',
        fields: {
          title: HEADING,
          items: {
            kind: 'list',
            label: 'Stories',
            itemLabel: 'story',
            min: 1,
            max: 6,
            fields: {
              quote: { kind: 'text', label: 'Quote', max: 400, multiline: true },
              name: { kind: 'text', label: 'Name', max: 60 },
              role: { kind: 'text', label: 'Role and company', max: 80 },
            },
          },
        },
      },
      { key: 'cta', title: 'Call to action', fields: { title: HEADING, text: { kind: 'text', label: 'Text', max: 200 } } },
    ],
  },
  mission: {
    key: 'mission',
    title: 'Mission & vision',
    paths: CONTENT_PAGE_PATHS.mission,
    sections: [
      seoSection,
      heroSection,
      { key: 'mission', title: 'Mission', fields: { title: HEADING, body: { kind: 'rich', label: 'Text', max: 1000 } } },
      { key: 'vision', title: 'Vision', fields: { title: HEADING, body: { kind: 'rich', label: 'Text', max: 1000 } } },
      {
        key: 'values',
        title: 'Values',
        fields: { title: HEADING, items: { kind: 'list', label: 'Values', itemLabel: 'value', min: 1, max: 8, fields: cardFields } },
      },
    ],
  },
  'security-policy': {
    key: 'security-policy',
    title: 'Security policy',
    paths: CONTENT_PAGE_PATHS['security-policy'],
    sections: [
      seoSection,
      heroSection,
      {
        key: 'policy',
        title: 'Policy',
        fields: {
          sections: policySections('Sections (numbered in this order)', 20),
          closing: { kind: 'text', label: 'Question before the contact link', max: 120 },
        },
      },
    ],
  },
  careers: {
    key: 'careers',
    title: 'Careers',
    paths: CONTENT_PAGE_PATHS.careers,
    sections: [
      seoSection,
      heroSection,
      {
        key: 'perks',
        title: 'Why join us',
        fields: {
          title: HEADING,
          items: { kind: 'list', label: 'Reasons (an icon each, in this order)', itemLabel: 'reason', min: 1, max: 3, fields: cardFields },
        },
      },
    ],
  },
  contact: {
    key: 'contact',
    title: 'Contact',
    paths: CONTENT_PAGE_PATHS.contact,
    sections: [
      seoSection,
      heroSection,
      {
        key: 'headings',
        title: 'Headings (the details themselves are the company details)',
        fields: {
          form: { kind: 'text', label: 'Above the form', max: 60 },
          details: { kind: 'text', label: 'Above the details', max: 60 },
          location: { kind: 'text', label: 'Address card', max: 40 },
          phones: { kind: 'text', label: 'Phone card', max: 40 },
          emails: { kind: 'text', label: 'E-mail card', max: 40 },
          hours: { kind: 'text', label: 'Hours card', max: 40 },
        },
      },
    ],
  },
  privacy: {
    key: 'privacy',
    title: 'Privacy policy',
    paths: CONTENT_PAGE_PATHS.privacy,
    sections: [
      seoSection,
      heroSection,
      {
        key: 'notice',
        title: 'Notice (the periods data is kept and how to ask for it follow, from the configuration)',
        fields: { sections: policySections('Sections', 12) },
      },
    ],
  },
} as const satisfies { [Key in ContentKey]: ContentPageSpec & { key: Key } };

/** The texts of every page, by key, as its spec shapes them. */
export type SiteContentPages = { [Key in ContentKey]: PageValues<(typeof CONTENT_PAGES)[Key]> };
/** The details of the company shown on every page: navbar strip, footer, map, contact cards, structured data. */
export type SiteContent = SiteContentPages['site'];
/** The services page's texts; its cards are also the navbar's Services menu and the about page's "What we do". */
export type ServicesContent = SiteContentPages['services'];

export const CONTENT_KEYS = Object.keys(CONTENT_PAGES) as ContentKey[];

export function isContentKey(key: string): key is ContentKey {
  return Object.prototype.hasOwnProperty.call(CONTENT_PAGES, key);
}

/** Versions kept per page; older ones are deleted with the save that passes the count (the published one stays). */
export const CONTENT_VERSIONS_KEPT = 100;
/** How long a preview link works. */
export const CONTENT_PREVIEW_MINUTES = 60;
/** The site's path that previews a page's draft: /preview/<key>?token=… (never cached, never indexed). */
export const CONTENT_PREVIEW_BASE = '/preview/';

/** The path of the site that shows a page (the home page for the company details). */
export function contentPagePath(key: ContentKey): string {
  const path = CONTENT_PAGES[key].paths[0];
  return path === '*' ? '/' : path;
}
