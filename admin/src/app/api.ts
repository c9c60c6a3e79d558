import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query';
import { API_BASE_URL } from './config';

export const TAG_TYPES = [
  'Lead',
  'Contact',
  'Portfolio',
  'Job',
  'Application',
  'Stats',
  'Settings',
  'Delivery',
  'Webhook',
  'Privacy',
  'Account',
  'Admin',
  'Content',
  'Media',
  // Pages built from blocks (id: the page's).
  'Page',
  // The staff workspace: one item's page and timeline (id `<kind>:<id>`), and the signed-in admin's open items.
  'WorkItem',
  'MyWork',
  // Hiring: a job's pipeline board (id: the job's), an application's ratings and candidate mails (id: the application's), the templates.
  'Pipeline',
  'Rating',
  'CandidateEmail',
  'CandidateTemplate',
  // The quote and contact forms' custom questions (one list: both forms).
  'FormQuestions',
  // The signed-in admin's availability for calls (booking).
  'Availability',
  // An application's interview invitations (id: the application's).
  'Interview',
] as const;
export const LIST_ID = 'LIST';

// One API slice for the whole back office; every feature injects its own endpoints.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(API_BASE_URL),
  tagTypes: TAG_TYPES,
  // Leads, contact messages and applications arrive from the public site: every screen shows fresh rows when opened.
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

/** Query parameters without undefined or empty values (no bare `?` on a list without filters). */
export function withoutEmpty<T extends object>(params: T): Partial<T> | undefined {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined && value !== '');
  return entries.length ? (Object.fromEntries(entries) as Partial<T>) : undefined;
}

/**
 * Hands a change's answer to `keep` once it arrives (an editor's change answers the page as it now is, which `keep`
 * puts in the cache); a failed change leaves the cache as it was, and the caller shows the failure.
 */
export async function keepAnswer<Answer>(answered: Promise<{ data: Answer }>, keep: (answer: Answer) => void): Promise<void> {
  try {
    keep((await answered).data);
  } catch {
    // Shown by the caller.
  }
}
