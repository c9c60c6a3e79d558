/**
 * @jest-environment-options {"url": "http://127.0.0.1:29496/admin/"}
 */
// The applications list's "Knocked out" filter against a real HTTP server on the page's origin that answers as the contract says.
import type { FormQuestion, Job, ListedApplication } from '@brightwave/common';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../test/answering-server';
import { renderRoutes, startAnsweringServer } from '../hiring/hiring-test-setup';
import { ApplicationsPage } from './applications-page';

const server = startAnsweringServer();

const knockedOut = {
  _id: 'P1',
  fullName: 'Grace Hopper',
  email: 'grace@example.test',
  job: 'J1',
  jobTitle: 'Designer',
  status: 'rejected',
} as ListedApplication;

// Two jobs ask the same work-permit question (one id): the filter offers it once, and finds it in every job's applications.
const permit: FormQuestion = { id: 'permit', label: 'Work permit?', type: 'checkbox', required: true };
const designer = { _id: 'J1', title: 'Designer', questions: [permit, { id: 'tool', label: 'Favourite tool', type: 'text', required: false }] } as Job;
const developer = { _id: 'J2', title: 'Developer', questions: [permit] } as Job;

beforeEach(() =>
  server.reset({
    'GET /api/jobs/applications?page=1&limit=20&sort=newest&knockedOut=true': () => ok({ applications: [knockedOut], total: 1 }),
    'GET /api/jobs/applications?page=1&limit=20&sort=newest': () => ok({ applications: [], total: 0 }),
    'GET /api/admin/assignees?kind=application': () => ok({ assignees: [] }),
    'GET /api/jobs/admin': () => ok({ jobs: [designer, developer], total: 2 }),
    'GET /api/jobs/applications?page=1&limit=20&sort=newest&question=permit&answer=no': () => ok({ applications: [knockedOut], total: 1 }),
  }),
);

describe(ApplicationsPage.name, () => {
  it('lists only the knocked-out applications with knockedOut=true, from the address, until its chip is removed', async () => {
    // The list reads its view from the address bar (use-table-address.ts), as after a bookmark or a reload.
    window.history.replaceState(null, '', '/admin/applications?knockedOut=true');
    renderRoutes([{ path: '/applications', element: <ApplicationsPage /> }], '/applications?knockedOut=true');
    await waitFor(() => expect(server.calls.map((call) => call.route)).toContain('GET /api/jobs/applications?page=1&limit=20&sort=newest&knockedOut=true'));
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Knocked out/ }));
    await waitFor(() => expect(server.calls.map((call) => call.route)).toContain('GET /api/jobs/applications?page=1&limit=20&sort=newest'));
    expect(await screen.findByText('No applications match.')).toBeInTheDocument();
  });

  it("filters by the answer of a job's choice question, chosen in the filters, and the request carries it", async () => {
    window.history.replaceState(null, '', '/admin/applications');
    renderRoutes([{ path: '/applications', element: <ApplicationsPage /> }], '/applications');
    await userEvent.click(await screen.findByRole('button', { name: /Filters/ }));
    const question = screen.getByRole('combobox', { name: 'Question' });
    await screen.findByRole('option', { name: 'Work permit?' });
    expect(screen.queryByRole('option', { name: 'Favourite tool' })).not.toBeInTheDocument();
    await userEvent.selectOptions(question, 'Work permit?');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Answer' }), 'No');
    await waitFor(() =>
      expect(server.calls.map((call) => call.route)).toContain('GET /api/jobs/applications?page=1&limit=20&sort=newest&question=permit&answer=no'),
    );
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Answer/ })).toHaveTextContent('Work permit?: No');
  });
});
