// schema.org JSON-LD of the company and of its open positions (no routing here: pages import it freely).
import { closingMoment, type Job } from '@brightwave/common';
import { company } from '../content/company';

/** The company's address as schema.org PostalAddress. */
function postalAddress(): Record<string, unknown> {
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

const EMPLOYMENT_TYPES: Record<Job['type'], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

/** schema.org JobPosting of an open position (remote ones as TELECOMMUTE). */
export function jobPostingJsonLd(job: Job): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: [job.description, ...job.requirements.map((requirement) => `• ${requirement}`)].join('\n'),
    datePosted: job.createdAt.slice(0, 10),
    ...(job.closesAt ? { validThrough: closingMoment(job.closesAt) } : {}),
    employmentType: EMPLOYMENT_TYPES[job.type],
    hiringOrganization: { '@type': 'Organization', name: company.name, sameAs: company.siteUrl },
    ...(job.location === 'remote'
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: company.address.country },
        }
      : { jobLocation: { '@type': 'Place', address: postalAddress() } }),
    identifier: { '@type': 'PropertyValue', name: company.name, value: job._id },
    directApply: true,
    url: `${company.siteUrl}/careers`,
  };
}
