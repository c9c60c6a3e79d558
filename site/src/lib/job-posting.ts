// schema.org JobPosting of a job, for its own page only. A module of its own: only the job page's chunk
// loads it, not the script every route loads first.
import { closingMoment, jobPath, type Job, type SiteContent } from '@brightwave/common';
import { company } from '../content/company';
import { postalAddress } from './json-ld';

const EMPLOYMENT_TYPES: Record<Job['type'], string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The job's text as the HTML JobPosting's description asks for: its paragraphs, then its requirements as a list. */
export function jobDescriptionHtml(job: Job): string {
  const paragraphs = job.description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  const requirements = job.requirements.length
    ? ['<p><strong>Requirements</strong></p>', `<ul>${job.requirements.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`]
    : [];
  return [...paragraphs, ...requirements].join('');
}

/** schema.org JobPosting of an open position, for its own page only (remote ones as TELECOMMUTE). */
export function jobPostingJsonLd(job: Job, site: SiteContent): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: jobDescriptionHtml(job),
    datePosted: job.createdAt.slice(0, 10),
    ...(job.closesAt ? { validThrough: closingMoment(job.closesAt) } : {}),
    employmentType: EMPLOYMENT_TYPES[job.type],
    hiringOrganization: { '@type': 'Organization', name: site.company.name, sameAs: company.siteUrl, logo: `${company.siteUrl}/favicon.svg` },
    ...(job.location === 'remote'
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: site.contact.country },
        }
      : { jobLocation: { '@type': 'Place', address: postalAddress(site) } }),
    identifier: { '@type': 'PropertyValue', name: site.company.name, value: job._id },
    directApply: true,
    url: `${company.siteUrl}${jobPath(job)}`,
  };
}
