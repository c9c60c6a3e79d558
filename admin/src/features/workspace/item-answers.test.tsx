/**
 * @jest-environment-options {"url": "http://127.0.0.1:29495/admin/"}
 */
// The answers to a form's custom questions on an item's page, and an application's knockout, against a real HTTP
// server on the page's origin that answers as the contract says.
import type { AdminAccount, Lead, StoredAnswer, WorkItemDetails } from '@brightwave/common';
import { screen, within } from '@testing-library/react';
import { ok } from '../../../test/answering-server';
import { application, me, renderRoutes, startAnsweringServer } from '../hiring/hiring-test-setup';
import { WorkItemPage } from './work-item-page';

const permit: StoredAnswer = { id: 'work-permit-ab12', label: 'Do you hold a work permit?', type: 'checkbox', value: false, text: 'No' };
const notice: StoredAnswer = { id: 'notice-period-cd34', label: 'Notice period', type: 'text', value: 'One month', text: 'One month' };
const sales: AdminAccount = { ...me, role: 'sales' };

const lead: WorkItemDetails<Lead> = {
  _id: 'L1',
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  service: 'web',
  message: 'A new shop, please.',
  answers: [
    { id: 'budget-ab12', label: 'Budget', type: 'select', value: '10k or more', text: '10k or more' },
    { id: 'services-ef56', label: 'Services wanted', type: 'multiselect', value: ['Design', 'Build'], text: 'Design, Build' },
  ],
  status: 'new',
  attribution: { source: null, medium: null, campaign: null, term: null, content: null, referrerHost: null, landingPath: null },
  createdAt: '2026-03-01T09:00:00.000Z',
  owner: null,
  followUpAt: null,
  overdue: false,
  spam: false,
  related: [],
  notes: [],
};

const server = startAnsweringServer();

beforeEach(() => {
  server.reset({
    'GET /api/jobs/applications/P1': () => ok({ data: { ...application, answers: [permit, notice], knockout: permit, status: 'rejected' } }),
    'GET /api/jobs/applications/P1/timeline': () => ok({ events: [] }),
    'GET /api/jobs/applications/P1/ratings': () => ok({ data: { ratings: [], average: null } }),
    'GET /api/jobs/applications/P1/emails': () => ok({ emails: [] }),
    'GET /api/admin/settings/candidate-emails': () => ok({ templates: [], settings: { bookingLink: null, rejectionTemplateId: null } }),
    'GET /api/leads/L1': () => ok({ data: lead }),
    'GET /api/leads/L1/timeline': () => ok({ events: [] }),
  });
});

/** The answers section's terms and their answers, in order. */
const answersIn = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('answers on the item page', () => {
  it("shows a lead's answers as label: answer, under the labels they were given under", async () => {
    server.answers['GET /api/admin/account'] = () => ok({ account: sales });
    renderRoutes([{ path: '/leads/:id', element: <WorkItemPage kind="lead" /> }], '/leads/L1');
    const answers = await screen.findByRole('region', { name: 'Answers' });
    expect(answersIn(answers)).toEqual([
      ['Budget', '10k or more'],
      ['Services wanted', 'Design, Build'],
    ]);
  });

  it('shows an application knocked out by an answer: the question and the answer', async () => {
    server.answers['GET /api/admin/account'] = () => ok({ account: me });
    renderRoutes([{ path: '/applications/:id', element: <WorkItemPage kind="application" /> }], '/applications/P1');
    const notice = await screen.findByRole('note', { name: 'Knocked out' });
    expect(notice).toHaveTextContent('Knocked out: answered “No” to “Do you hold a work permit?”');
    expect(answersIn(screen.getByRole('region', { name: 'Answers' }))).toEqual([
      ['Do you hold a work permit?', 'No'],
      ['Notice period', 'One month'],
    ]);
  });

  it('shows no answers section and no notice when the form asked no questions', async () => {
    server.answers['GET /api/admin/account'] = () => ok({ account: me });
    server.answers['GET /api/jobs/applications/P1'] = () => ok({ data: application });
    renderRoutes([{ path: '/applications/:id', element: <WorkItemPage kind="application" /> }], '/applications/P1');
    await screen.findByRole('heading', { level: 1, name: /Grace Hopper/ });
    expect(screen.queryByRole('region', { name: 'Answers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Knocked out' })).not.toBeInTheDocument();
  });
});
