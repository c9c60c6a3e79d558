// The head of a job's page: written by the server (entry-server.tsx) and, after a client-side
// navigation, by the page. Only the job page's chunk and the server load it, not every route's first load.
import { JOB_DEPARTMENT_LABELS, JOB_LOCATION_LABELS, JOB_TYPE_LABELS, jobPath, type Job, type SiteContent } from '@brightwave/common';
import { writeHead, type HeadMeta } from './head-tags';

/** The picture of a shared job link: 1200 x 630, the size Open Graph and Twitter's large card expect. */
export const JOB_SHARE_IMAGE = '/images/share-careers.png';

const DESCRIPTION_LENGTH = 160;

/** A job's head: its own title, a description that starts with what it is, its page as canonical URL. */
export function jobHeadMeta(job: Job, site: SiteContent): HeadMeta {
  const facts = `${JOB_DEPARTMENT_LABELS[job.department]} · ${JOB_LOCATION_LABELS[job.location]} · ${JOB_TYPE_LABELS[job.type]}`;
  const text = `${facts}. ${job.description.replace(/\s+/g, ' ').trim()}`;
  return {
    title: `${job.title} | Careers at ${site.company.name}`,
    description: text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : text,
    canonicalPath: jobPath(job),
    image: JOB_SHARE_IMAGE,
    imageSize: { width: 1200, height: 630 },
  };
}

/** The head of a closed job's page: not to be indexed. */
export const closedJobMeta = (site: SiteContent): HeadMeta => ({
  title: `Position Closed | Careers at ${site.company.name}`,
  description: 'This position is no longer open. See the open positions at our careers page.',
});

/** The head of a job's page after a client-side navigation (the job, or undefined when it is closed). */
export function applyJobHead(job: Job | undefined, site: SiteContent): void {
  writeHead(job ? jobHeadMeta(job, site) : closedJobMeta(site));
}
