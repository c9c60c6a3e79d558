// schema.org JSON-LD of the company (no routing here: pages import it freely); a job's is in job-posting.ts.
import { company } from '../content/company';

/** The company's address as schema.org PostalAddress. */
export function postalAddress(): Record<string, unknown> {
  return {
    '@type': 'PostalAddress',
    streetAddress: company.address.street,
    addressLocality: company.address.city,
    addressRegion: company.address.region,
    postalCode: company.address.postalCode,
    addressCountry: company.address.country,
  };
}

export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: company.siteUrl,
    logo: `${company.siteUrl}/favicon.svg`,
    email: company.emails[0].address,
    telephone: company.phones[0].number,
    foundingDate: String(company.foundingYear),
    address: postalAddress(),
    sameAs: Object.values(company.social),
  };
}

/** JSON for a <script type="application/ld+json"> block: `<` escaped so no text can close the element. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
