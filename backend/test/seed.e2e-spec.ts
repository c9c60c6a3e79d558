import { createTestApp, TestApp } from './support/test-app';

describe('Demo content on an empty database', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('adds 9 portfolio items and 6 active jobs across departments, locations and types', async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
    const portfolio = (await t.http.get('/api/portfolio').expect(200)).body.portfolios;
    expect(portfolio).toHaveLength(9);
    expect(new Set(portfolio.map((item: { category: string }) => item.category)).size).toBeGreaterThan(5);
    const jobs = (await t.http.get('/api/jobs').expect(200)).body.jobs;
    expect(jobs).toHaveLength(6);
    expect(new Set(jobs.map((job: { department: string }) => job.department)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(jobs.map((job: { location: string }) => job.location)).size).toBe(3);
    expect(new Set(jobs.map((job: { type: string }) => job.type)).size).toBe(4);
  });

  it('adds nothing when SEED_DEMO=false', async () => {
    t = await createTestApp({ SEED_DEMO: 'false' });
    expect((await t.http.get('/api/portfolio').expect(200)).body.portfolios).toHaveLength(0);
  });
});
