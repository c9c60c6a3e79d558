// The site's editable pages (docs/features/site-content.md): what each holds, and the texts a fresh install starts
// with (exactly the ones the site showed before content became editable: nothing changes until someone publishes).
import type { ContentFields, ContentPageSpec, ContentSection } from './content-schema';
import { SERVICE_KEYS, SERVICE_LABELS, type ServiceKey } from './enums';
import { CONTACT_HOURS } from './limits';
import { richDoc, richParagraph, type RichDocument } from './rich-text';

/** The details of the company shown on every page: navbar strip, footer, map, contact cards, structured data. */
export interface SiteContent {
  company: { name: string; shortName: string; tagline: string };
  contact: {
    emails: { label: string; address: string }[];
    phones: { label: string; number: string }[];
    street: string;
    city: string;
    region: string;
    postalCode: string;
    country: string;
    hours: string[];
  };
  social: { instagram: string; youtube: string; linkedin: string };
  map: { latitude: number; longitude: number };
  footer: { blurb: string; services: string[] };
}

export interface ServiceCardContent {
  /** The card's id on /services (its #anchor). */
  anchor: string;
  title: string;
  description: RichDocument;
  features: string[];
  image: string;
  /** What the picture shows, for people who cannot see it. */
  imageAlt: string;
}

export interface ServicesContent {
  seo: SeoContent;
  hero: { title: string; tagline: string; rotatingTitles: string[] };
  offer: { title: string; intro: string; cards: ServiceCardContent[] };
}

export interface SeoContent {
  title: string;
  description: string;
}

/** The content of every page, by key. */
export interface SiteContentPages {
  site: SiteContent;
  services: ServicesContent;
}
export type ContentKey = keyof SiteContentPages;

const seoSection: ContentSection = {
  key: 'seo',
  title: 'Search and sharing',
  fields: {
    title: { kind: 'text', label: 'Page title', max: 70 },
    description: { kind: 'text', label: 'Description', max: 200, multiline: true },
  },
};

/** The description of the picture beside it: required, since every picture of the site says what it shows. */
const IMAGE_ALT = { kind: 'text', label: 'Image description (for screen readers)', max: 150 } as const;

const ANCHOR = { regex: /^[a-z][a-z0-9-]{0,39}$/, message: 'Anchor must be lower-case letters, digits and dashes, starting with a letter' };

export const CONTENT_PAGES = {
  site: {
    key: 'site',
    title: 'Company details, navbar and footer',
    paths: ['*'],
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
    paths: ['/services', '/about'],
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
} as const satisfies Record<ContentKey, ContentPageSpec>;

export const CONTENT_KEYS = Object.keys(CONTENT_PAGES) as ContentKey[];

export function isContentKey(key: string): key is ContentKey {
  return Object.prototype.hasOwnProperty.call(CONTENT_PAGES, key);
}

/** The content a page of the site shows: the company's (in the layout) and the services' (the navbar's menu). */
export const LAYOUT_CONTENT_KEYS: readonly ContentKey[] = ['site', 'services'];

const card = (anchor: ServiceKey, description: string, features: string[]): ServiceCardContent => ({
  anchor,
  title: SERVICE_LABELS[anchor],
  description: richDoc(richParagraph(description)),
  features,
  image: `/images/services/${anchor}.svg`,
  imageAlt: `${SERVICE_LABELS[anchor]} illustration`,
});

/** Today's texts: the seed of a fresh install, and what the site is built with. */
export const DEFAULT_CONTENT: SiteContentPages = {
  site: {
    company: { name: 'Brightwave Technologies', shortName: 'Brightwave', tagline: 'Transforming ideas into seamless digital reality' },
    contact: {
      emails: [
        { label: 'General enquiries', address: 'hello@brightwave.example' },
        { label: 'Support', address: 'support@brightwave.example' },
      ],
      phones: [
        { label: 'Sales', number: '+1 555 010 2030' },
        { label: 'Support', number: '+1 555 010 2040' },
      ],
      street: '221 Harbor Street, Suite 400',
      city: 'Portland',
      region: 'OR',
      postalCode: '97204',
      country: 'United States',
      hours: [...CONTACT_HOURS],
    },
    social: {
      instagram: 'https://www.instagram.com/brightwave.example',
      youtube: 'https://www.youtube.com/@brightwave.example',
      linkedin: 'https://www.linkedin.com/company/brightwave-example',
    },
    map: { latitude: 45.5186, longitude: -122.6746 },
    footer: {
      blurb: 'Transforming ideas into seamless reality through innovative technology solutions.',
      services: ['Web Design', 'Mobile Apps', 'Marketing', 'Blockchain'],
    },
  },
  services: {
    seo: {
      title: 'Our Services | Brightwave Technologies',
      description: 'E-commerce design, web and logo design, social media management, marketing, mobile apps, blockchain, health and beauty solutions and CRMs.',
    },
    hero: {
      title: 'Our Services',
      tagline: 'Everything you need to design, build, launch and grow your digital products.',
      rotatingTitles: SERVICE_KEYS.map((key) => SERVICE_LABELS[key]),
    },
    offer: {
      title: 'What We Offer',
      intro: 'Nine ways we help businesses grow.',
      cards: [
        card('ecommerce', 'Online stores that load fast, look sharp and turn visitors into loyal customers.', [
          'Custom storefront design',
          'Secure payment integration',
          'Inventory management',
          'Conversion optimisation',
        ]),
        card('web', 'Responsive, accessible websites built on modern frameworks and tuned for search engines.', [
          'Responsive layouts',
          'Accessibility by design',
          'SEO-ready structure',
          'Content management',
        ]),
        card('logo', 'Memorable logos and brand identities that tell your story at a glance.', [
          'Logo concepts',
          'Brand guidelines',
          'Typography and colour palettes',
          'Print and digital assets',
        ]),
        card('social', 'Consistent, engaging social media presence managed by people who know each platform.', [
          'Content calendars',
          'Community management',
          'Paid social campaigns',
          'Monthly analytics reports',
        ]),
        card('marketing', 'Data-driven campaigns across search, e-mail and content that grow measurable revenue.', [
          'Search engine optimisation',
          'E-mail marketing',
          'Content strategy',
          'Campaign analytics',
        ]),
        card('mobile', 'Native and cross-platform apps for iOS and Android that people enjoy using every day.', [
          'iOS and Android apps',
          'Cross-platform development',
          'App store publishing',
          'Push notifications and analytics',
        ]),
        card('blockchain', 'Secure smart contracts, wallets and decentralised applications built to last.', [
          'Smart contract development',
          'Wallet integration',
          'Tokenisation',
          'Security audits',
        ]),
        card('health', 'Booking, membership and e-commerce solutions for clinics, salons and wellness brands.', [
          'Online booking systems',
          'Membership portals',
          'Product stores',
          'Client reminders',
        ]),
        card('crm', 'CRM platforms configured around your sales process, so no lead slips through.', [
          'CRM setup and migration',
          'Sales pipeline automation',
          'Custom dashboards',
          'Third-party integrations',
        ]),
      ],
    },
  },
};

/** Every page's default fields as the loosely typed record the backend stores. */
export const defaultContentFields = (key: ContentKey): ContentFields => DEFAULT_CONTENT[key] as unknown as ContentFields;

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
