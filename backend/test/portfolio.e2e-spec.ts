import { MESSAGES, PORTFOLIO_CATEGORY_KEYS } from '@brightwave/common';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

const validItem = {
  category: 'web',
  projectTitle: 'Atlas',
  projectSubtitle: 'A travel site',
  description: 'A booking site for tours.',
  imgLink: 'https://images.example.com/atlas.png',
  linkToProject: 'https://atlas.example.com',
  techStack: ['React', 'Node.js'],
};

describe('Portfolio API', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const countItems = async () => (await t.http.get('/api/portfolio')).body.portfolios.length as number;

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAsAdmin(t);
  });
  afterAll(() => t.close());

  it('lists portfolio items publicly', async () => {
    const response = await t.http.get('/api/portfolio').expect(200);
    expect(response.body).toEqual({ success: true, portfolios: [] });
  });

  it('creates an item (admin) and answers it as data', async () => {
    const response = await t.http.post('/api/portfolio').set(auth()).send(validItem).expect(201);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject(validItem);
    const list = await t.http.get('/api/portfolio').expect(200);
    expect(list.body.portfolios[0]._id).toBe(response.body.data._id);
  });

  it('accepts every category and an image path on this site', async () => {
    for (const category of PORTFOLIO_CATEGORY_KEYS) {
      await t.http
        .post('/api/portfolio')
        .set(auth())
        .send({ ...validItem, category, imgLink: '/images/portfolio/x.svg' })
        .expect(201);
    }
  });

  it('trims technologies and drops repeated ones', async () => {
    const response = await t.http
      .post('/api/portfolio')
      .set(auth())
      .send({ ...validItem, techStack: [' React ', 'react', 'Go'] })
      .expect(201);
    expect(response.body.data.techStack).toEqual(['React', 'Go']);
  });

  it.each([
    ['no title', { projectTitle: '' }, 'projectTitle', 'Please provide a project title'],
    ['no subtitle', { projectSubtitle: '' }, 'projectSubtitle', 'Please provide a project subtitle'],
    ['no description', { description: '' }, 'description', 'Please provide a description'],
    ['an unknown category', { category: 'games' }, 'category', 'Please select a category'],
    ['a javascript: image link', { imgLink: 'javascript:alert(1)' }, 'imgLink', undefined],
    ['a protocol-relative image link', { imgLink: '//evil.example/x.png' }, 'imgLink', undefined],
    ['no project link', { linkToProject: '' }, 'linkToProject', 'Please provide a project link'],
    ['a javascript: project link', { linkToProject: 'javascript:alert(1)' }, 'linkToProject', 'Project link must be an http(s) URL'],
    ['a project path instead of a URL', { linkToProject: '/projects/atlas' }, 'linkToProject', undefined],
    ['an empty tech stack', { techStack: [] }, 'techStack', 'Please add at least one technology'],
    ['31 technologies', { techStack: Array.from({ length: 31 }, (_, i) => `T${i}`) }, 'techStack', undefined],
    ['a blank technology', { techStack: ['React', ' '] }, 'techStack', undefined],
    ['a tech stack that is a string', { techStack: 'React, Go' }, 'techStack', undefined],
    ['a createdAt field', { createdAt: '2020-01-01' }, 'createdAt', undefined],
  ])('rejects an item with %s (400, nothing stored)', async (_case, change, field, message) => {
    const before = await countItems();
    const response = await t.http
      .post('/api/portfolio')
      .set(auth())
      .send({ ...validItem, ...change })
      .expect(400);
    expect(response.body.errors).toHaveProperty(field);
    if (message) expect(response.body.errors[field]).toBe(message);
    expect(await countItems()).toBe(before);
  });

  it('updates an item', async () => {
    const created = (await t.http.post('/api/portfolio').set(auth()).send(validItem).expect(201)).body.data;
    const response = await t.http
      .put(`/api/portfolio/${created._id}`)
      .set(auth())
      .send({ ...validItem, projectTitle: 'Atlas 2' })
      .expect(200);
    expect(response.body).toMatchObject({ success: true, data: { _id: created._id, projectTitle: 'Atlas 2' } });
  });

  it('deletes an item', async () => {
    const created = (await t.http.post('/api/portfolio').set(auth()).send(validItem).expect(201)).body.data;
    await t.http.delete(`/api/portfolio/${created._id}`).set(auth()).expect(200);
    const list = await t.http.get('/api/portfolio').expect(200);
    expect(list.body.portfolios.map((item: { _id: string }) => item._id)).not.toContain(created._id);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const update = await t.http.put(`/api/portfolio/${missing}`).set(auth()).send(validItem).expect(404);
    expect(update.body.message).toBe(MESSAGES.portfolioNotFound);
    await t.http.delete(`/api/portfolio/${missing}`).set(auth()).expect(404);
    await t.http.delete('/api/portfolio/12').set(auth()).expect(404);
  });

  it('keeps create, update and delete for admins', async () => {
    await t.http.post('/api/portfolio').send(validItem).expect(401);
    await t.http.put('/api/portfolio/00000000-0000-4000-8000-000000000000').send(validItem).expect(401);
    await t.http.delete('/api/portfolio/00000000-0000-4000-8000-000000000000').expect(401);
  });
});
