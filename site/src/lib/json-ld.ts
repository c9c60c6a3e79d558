// schema.org JSON-LD of the company (no routing here: pages import it freely); a job's is in job-posting.ts.
import type { SiteContent } from '@brightwave/common';
import { company } from '../content/company';
import { primaryEmail, primaryPhone } from './company-details';

/** The company's address as schema.org PostalAddress (an empty region or postal code is left out). */
export function postalAddress({ contact }: SiteContent): Record<string, unknown> {
  return {
    '@type': 'PostalAddress',
    streetAddress: contact.street,
    addressLocality: contact.city,
    addressRegion: contact.region || undefined,
    postalCode: contact.postalCode || undefined,
    addressCountry: contact.country,
  };
}

export function organizationJsonLd(site: SiteContent): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.company.name,
    url: company.siteUrl,
    logo: `${company.siteUrl}/favicon.svg`,
    email: primaryEmail(site),
    telephone: primaryPhone(site),
    foundingDate: String(company.foundingYear),
    address: postalAddress(site),
    // Named one by one: the stored content keeps no key order.
    sameAs: [site.social.instagram, site.social.youtube, site.social.linkedin],
  };
}

/** JSON for a <script type="application/ld+json"> block: `<` escaped so no text can close the element. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
