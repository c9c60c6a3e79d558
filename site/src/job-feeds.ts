// The sitemap and the job feeds, built from the open jobs (and the sitemap from the published built pages too) by the
// backend through the server entry: the company's details come from the published content (the backend passes them),
// the site's address from here. Never shipped to browsers.
import { DEFAULT_CONTENT, JOB_TYPE_LABELS, closingMoment, jobPath, type Job, type SiteContent } from '@brightwave/common';
import { company } from './content/company';
import { jobDescriptionHtml } from './lib/job-posting';
import { publicRoutes } from './routes';

const JOB_FEED_JSON_PATH = '/careers/feed.json';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Text for a CDATA section: a `]]>` inside is split across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`;
const jobUrl = (job: Job) => `${company.siteUrl}${jobPath(job)}`;

/**
 * sitemap.xml: every public route (lastmod: the day the site was built), every open job's page and every published page
 * built from blocks (`lastmod`: its publication, a date or an ISO time).
 */
export function sitemapXml(jobs: Job[], builtOn: string, pages: { path: string; lastmod: string }[] = []): string {
  const entry = (loc: string, lastmod: string) => `  <url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod}</lastmod></url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...publicRoutes.map((route) => entry(`${company.siteUrl}${route.path}`, builtOn)),
    ...jobs.map((job) => entry(jobUrl(job), job.createdAt.slice(0, 10))),
    ...pages.map((page) => entry(`${company.siteUrl}${page.path}`, page.lastmod.slice(0, 10))),
    '</urlset>',
    '',
  ].join('\n');
}

/** The XML feed job boards read (Indeed's shape: source > job), open jobs only. */
export function jobFeedXml(jobs: Job[], site: SiteContent = DEFAULT_CONTENT.site): string {
  const field = (name: string, value: string) => `    <${name}>${cdata(value)}</${name}>`;
  const items = jobs.map((job) =>
    [
      '  <job>',
      field('title', job.title),
      field('date', new Date(job.createdAt).toUTCString()),
      field('referencenumber', job._id),
      field('url', jobUrl(job)),
      field('company', site.company.name),
      field('city', job.location === 'remote' ? 'Remote' : site.contact.city),
      ...(site.contact.region ? [field('state', site.contact.region)] : []),
      field('country', site.contact.country),
      field('description', jobDescriptionHtml(job)),
      field('jobtype', JOB_TYPE_LABELS[job.type]),
      ...(job.location === 'remote' ? [field('remotetype', 'Fully remote')] : []),
      ...(job.closesAt ? [field('expirationdate', new Date(closingMoment(job.closesAt)).toUTCString())] : []),
      '  </job>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<source>',
    `  <publisher>${escapeXml(site.company.name)}</publisher>`,
    `  <publisherurl>${escapeXml(company.siteUrl)}</publisherurl>`,
    ...items,
    '</source>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 of the open jobs. */
export function jobFeedJson(jobs: Job[], site: SiteContent = DEFAULT_CONTENT.site): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: `Open positions at ${site.company.name}`,
    home_page_url: `${company.siteUrl}/careers`,
    feed_url: `${company.siteUrl}${JOB_FEED_JSON_PATH}`,
    language: 'en',
    items: jobs.map((job) => ({
      id: job._id,
      url: jobUrl(job),
      title: job.title,
      content_html: jobDescriptionHtml(job),
      summary: job.description,
      date_published: job.createdAt,
      tags: [job.department, job.location, job.type],
    })),
  });
}
