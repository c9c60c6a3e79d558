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

/** Sets an attribute on the head element matching `selector`, creating it, or removes it when value is undefined. */
function syncHeadElement(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined): void {
  let element = document.head.querySelector(selector);
  if (value === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

const meta = (attributes: Record<string, string>) => () => {
  const element = document.createElement('meta');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
};

/** Mirrors headHtml() after a client-side navigation. */
export function applyHead(pathname: string): void {
  const { title, description, canonicalPath } = metaForPath(pathname);
  const canonical = canonicalPath ? `${company.siteUrl}${canonicalPath}` : undefined;
  document.title = title;
  syncHeadElement('meta[name="description"]', meta({ name: 'description' }), 'content', description);
  syncHeadElement('meta[property="og:title"]', meta({ property: 'og:title' }), 'content', title);
  syncHeadElement('meta[property="og:description"]', meta({ property: 'og:description' }), 'content', description);
  syncHeadElement('meta[property="og:url"]', meta({ property: 'og:url' }), 'content', canonical);
  syncHeadElement(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
    'href',
    canonical,
  );
  syncHeadElement('meta[name="robots"]', meta({ name: 'robots' }), 'content', canonical ? undefined : 'noindex');
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
