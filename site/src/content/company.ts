// The company shown everywhere on the site. Change this file to re-brand every page and the footer.
import { CONTACT_HOURS } from '@brightwave/common';
import { SITE_URL_OVERRIDE } from '../lib/env';

export interface CompanyProfile {
  name: string;
  shortName: string;
  tagline: string;
  /** Public origin, no trailing slash: canonical URLs, Open Graph and the sitemap. */
  siteUrl: string;
  /** The first is the primary one. */
  emails: [primary: { label: string; address: string }, ...others: { label: string; address: string }[]];
  phones: [primary: { label: string; number: string }, ...others: { label: string; number: string }[]];
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  hours: readonly string[];
  social: { instagram: string; youtube: string; linkedin: string };
  map: { embedUrl: string; pageUrl: string; title: string };
  foundingYear: number;
}

export const company: CompanyProfile = {
  name: 'Brightwave Technologies',
  shortName: 'Brightwave',
  tagline: 'Transforming ideas into seamless digital reality',
  siteUrl: (SITE_URL_OVERRIDE ?? 'https://www.brightwave.example').replace(/\/$/, ''),
  emails: [
    { label: 'General enquiries', address: 'hello@brightwave.example' },
    { label: 'Support', address: 'support@brightwave.example' },
  ],
  phones: [
    { label: 'Sales', number: '+1 555 010 2030' },
    { label: 'Support', number: '+1 555 010 2040' },
  ],
  address: {
    street: '221 Harbor Street, Suite 400',
    city: 'Portland',
    region: 'OR',
    postalCode: '97204',
    country: 'United States',
  },
  hours: CONTACT_HOURS,
  social: {
    instagram: 'https://www.instagram.com/brightwave.example',
    youtube: 'https://www.youtube.com/@brightwave.example',
    linkedin: 'https://www.linkedin.com/company/brightwave-example',
  },
  map: {
    embedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=-122.6836%2C45.5141%2C-122.6656%2C45.5231&layer=mapnik&marker=45.5186%2C-122.6746',
    pageUrl: 'https://www.openstreetmap.org/?mlat=45.5186&mlon=-122.6746#map=17/45.5186/-122.6746',
    title: 'Map of the Brightwave Technologies office in Portland',
  },
  foundingYear: 2014,
};

export const primaryEmail = company.emails[0].address;
export const primaryPhone = company.phones[0].number;
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;
export const fullAddress = (a = company.address) => `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}`;
