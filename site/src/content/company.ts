// What the site knows of the company that is not edited in the admin: where it is published and when it was founded.
// Everything a marketer may change (name, addresses, phones, social links, map) is content (lib/content.ts).
import { SITE_URL_OVERRIDE } from '../lib/env';

export const company = {
  /** Public origin, no trailing slash: canonical URLs, Open Graph and the sitemap. */
  siteUrl: (SITE_URL_OVERRIDE ?? 'https://www.brightwave.example').replace(/\/$/, ''),
  foundingYear: 2014,
};

export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;
