import { expect, test } from '@playwright/test';
import { jobPath, type Job } from '@brightwave/common';
import { e2eBaseUrl } from '../support/env';
import { htmlValidateErrors, nuCheckerErrors, type ServedDocument } from '../support/markup-checkers';
import { publicPaths } from './helpers';

/**
 * Every page as the backend serves it: each public route's prerendered page (/portfolio rendered per request with
 * the current projects), a job's page (rendered per request), the 404 page, and the admin app's page.
 */
async function servedDocuments(): Promise<ServedDocument[]> {
  const { jobs } = (await (await fetch(`${e2eBaseUrl}/api/jobs`)).json()) as { jobs: Job[] };
  const pages = [
    ...publicPaths.map((path) => ({ name: path, path, status: 200 })),
    { name: "a job's page", path: jobPath(jobs[0]!), status: 200 },
    { name: 'the 404 page', path: '/no-such-page', status: 404 },
    { name: 'the admin app', path: '/admin/', status: 200 },
  ];
  return Promise.all(
    pages.map(async ({ name, path, status }) => {
      const response = await fetch(`${e2eBaseUrl}${path}`);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      return { name, html: await response.text() };
    }),
  );
}

test.describe('markup', () => {
  let documents: ServedDocument[];

  test.beforeAll(async () => {
    documents = await servedDocuments();
  });

  test('every served page passes the Nu Html Checker with no error', async () => {
    // One Java run for every page: the checker's start-up is most of its time.
    test.setTimeout(120_000);
    expect(nuCheckerErrors(documents)).toEqual({});
  });

  test('every served page passes html-validate with no error', async () => {
    expect(await htmlValidateErrors(documents)).toEqual({});
  });
});
