import { ANALYTICS_OTHER, SITE_PAGE_PATHS, jobSlugOfPath } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';

const SITE_PATHS: ReadonlySet<string> = new Set(SITE_PAGE_PATHS);

/**
 * Which reported paths the analytics count by name: the pages the site serves, SITE_PAGE_PATHS (the site's router is
 * typed against that list) and the open jobs' pages (the jobs' cached public list: no query while it is fresh, one
 * every few seconds at most). Any other path (a 404, a closed job, one made up) is ANALYTICS_OTHER, so reports cannot
 * add rows or tallies of their own.
 */
@Injectable()
export class SitePages {
  constructor(private readonly jobs: JobsService) {}

  async countedPath(path: string): Promise<string> {
    if (SITE_PATHS.has(path)) return path;
    const slug = jobSlugOfPath(path);
    if (slug === undefined) return ANALYTICS_OTHER;
    // Without the list (the database away), a job's page is counted as other: analytics are best effort.
    const open = await this.jobs.openJobSlugs().catch(() => undefined);
    return open?.has(slug) ? path : ANALYTICS_OTHER;
  }
}
