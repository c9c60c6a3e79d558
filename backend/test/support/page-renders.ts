import type { RenderedPageKind } from '../../src/static/rendered-pages';
import type { TestApp } from './test-app';

/** The METRICS_TOKEN of an app whose renders a test counts (GET /metrics on the main port). */
export const RENDERS_METRICS_TOKEN = 'renders-metrics-token-0123456789';

/** How many pages of a kind the app has rendered so far: site_page_renders_total, as Prometheus scrapes it. */
export async function pageRenders(t: TestApp, page: RenderedPageKind): Promise<number> {
  const response = await t.http.get('/metrics').set('Authorization', `Bearer ${RENDERS_METRICS_TOKEN}`).expect(200);
  const line = response.text.split('\n').find((candidate) => candidate.startsWith(`site_page_renders_total{page="${page}"} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}
