// What the hiring screens' unit tests share: the answering server on the page's origin (test/answering-server.ts),
// the app's providers around the routes under test, and the application and template they show.
import type { AdminAccount, CandidateEmailTemplate, JobApplication, WorkItemDetails } from '@brightwave/common';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AnsweringServer } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { WorkItemPage } from '../workspace/work-item-page';

/** The file's answering server, listening from its first test to its last; the waits are long enough for real requests. */
export function startAnsweringServer(): AnsweringServer {
  jest.setTimeout(20_000);
  const server = new AnsweringServer();
  beforeAll(() => server.listen());
  afterAll(() => server.close());
  return server;
}

/** Shows the routes at this path with a new store and the toasts, as the app does. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
}

export const me: AdminAccount = { _id: 'a-me', id: 'a-me', name: 'Rita Recruiter', email: 'rita@example.test', role: 'recruiter' };

export const application: WorkItemDetails<JobApplication> = {
  _id: 'P1',
  id: 'P1',
  job: 'J1',
  jobTitle: 'Designer',
  fullName: 'Grace Hopper',
  email: 'grace@example.test',
  phone: '+1 555 0100',
  experience: '5 years',
  answers: [],
  knockout: null,
  status: 'reviewed',
  attribution: { source: null, medium: null, campaign: null, term: null, content: null, referrerHost: null, landingPath: null },
  createdAt: '2026-03-01T09:00:00.000Z',
  owner: null,
  followUpAt: null,
  overdue: false,
  spam: false,
  related: [],
  notes: [],
};

export const invitation: CandidateEmailTemplate = {
  _id: 't-invite',
  name: 'Interview invitation',
  subject: 'Your application for {{jobTitle}}',
  body: 'Hello {{firstName}}, pick a time: {{bookingLink}}',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

/** Opens the application's page and gives its section of this name once it is shown. */
export async function openApplicationSection(name: string): Promise<HTMLElement> {
  renderRoutes([{ path: '/applications/:id', element: <WorkItemPage kind="application" /> }], `/applications/${application._id}`);
  return await screen.findByRole('region', { name });
}
