// Per-route <head>: written into the prerendered HTML at build time, updated on client navigation.
import type { Job } from '@brightwave/common';
import { company } from '../content/company';
import { metaForPath } from '../routes';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    sameAs: Object.values(company.social),
  };
}

/** JSON for a <script type="application/ld+json"> block: `<` escaped so no text can close the element. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

export function headHtml(pathname: string): string {
  const meta = metaForPath(pathname);
  const canonical = meta.canonicalPath ? `${company.siteUrl}${meta.canonicalPath}` : undefined;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    canonical ? `<link rel="canonical" href="${canonical}" />` : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${canonical}" />` : '',
    `<meta name="twitter:card" content="summary" />`,
    `<script type="application/ld+json">${jsonLdText(organizationJsonLd())}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

function setMeta(selector: string, attribute: string, value: string | undefined): void {
  const element = document.head.querySelector(selector);
  if (element && value !== undefined) element.setAttribute(attribute, value);
}

/** Mirrors headHtml() after a client-side navigation. */
export function applyHead(pathname: string): void {
  const meta = metaForPath(pathname);
  const canonical = meta.canonicalPath ? `${company.siteUrl}${meta.canonicalPath}` : undefined;
  document.title = meta.title;
  setMeta('meta[name="description"]', 'content', meta.description);
  setMeta('meta[property="og:title"]', 'content', meta.title);
  setMeta('meta[property="og:description"]', 'content', meta.description);
  setMeta('link[rel="canonical"]', 'href', canonical);
  setMeta('meta[property="og:url"]', 'content', canonical);
}


const EMPLOYMENT_TYPES: Record<Job['type'], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

/** schema.org JobPosting of an open position (remote ones as TELECOMMUTE). */
export function jobPostingJsonLd(job: Job): Record<string, unknown> {
  const place = {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: [job.description, ...job.requirements.map((requirement) => `• ${requirement}`)].join('\n'),
    datePosted: job.createdAt.slice(0, 10),
    employmentType: EMPLOYMENT_TYPES[job.type],
    hiringOrganization: { '@type': 'Organization', name: company.name, sameAs: company.siteUrl },
    ...(job.location === 'remote'
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: company.address.country },
        }
      : { jobLocation: place }),
    identifier: { '@type': 'PropertyValue', name: company.name, value: job._id },
    directApply: true,
    url: `${company.siteUrl}/careers`,
  };
}
