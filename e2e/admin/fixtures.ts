// Shared helpers of the admin browser suite: signing in with the e-mailed code (read from the backend's
// development outbox), a signed-in browser state, API shortcuts to create rows, and the axe check.
import {
  FORM_TOKEN_HEADER,
  SPAM_MIN_FILL_SECONDS,
  WORK_ITEM_API,
  type AdminDetails,
  type AdminRole,
  type Job,
  type JobPayload,
  type WorkItemKind,
} from '@brightwave/common';
import { invitationLinkSince, loginCodeSince, outboxSnapshot as snapshotOf, pollUntil, signInByMailedCode, sleep } from '@brightwave/testing';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { expectNoAxeViolations as expectAccessible } from '../support/axe';
import { e2eAdmin, e2eServer, serverOf, type E2eServer } from '../support/env';
import { waitForHydration } from '../support/hydrated-page';

export { expect };

export interface AdminSession {
  token: string;
  admin: AdminDetails;
}

/** Names of the mails already in a server's outbox (the site's and admin's by default), to tell the next code from earlier ones. */
export const outboxSnapshot = (server: E2eServer = e2eServer) => snapshotOf(server.outboxDir);

/** The code of the newest sign-in mail written after `before` (waits for it). */
export const readNewCode = (before: Set<string>, timeoutMs?: number, server: E2eServer = e2eServer) => loginCodeSince(server.outboxDir, before, timeoutMs);

/** Takes the lock (a directory, created atomically) or breaks it when stale (older than a minute). */
function tryLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > 60_000) fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      // released meanwhile
    }
    return false;
  }
}

/**
 * A new login voids the admin's earlier code, so sign-ins from parallel workers take turns.
 * The lock is a directory in the run's data folder; a stale one is broken after a minute.
 */
export async function withLoginLock<T>(work: () => Promise<T>, server: E2eServer = e2eServer): Promise<T> {
  const lock = path.join(server.dataDir, 'admin-login.lock');
  await pollUntil(() => tryLock(lock), { what: 'the admin sign-in lock', timeoutMs: 120_000 });
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Signs in over HTTP (password, then the mailed code) and returns the session the app would store: the suite's owner,
 * or another admin's `credentials`.
 */
export async function signInOverApi(
  request: APIRequestContext,
  credentials: { email: string; password: string } = e2eAdmin,
  server: E2eServer = e2eServer,
): Promise<AdminSession> {
  const { token, admin } = await withLoginLock(
    () =>
      signInByMailedCode(
        {
          postJson: async (route, body) => {
            const response = await request.post(`${server.baseUrl}${route}`, { data: body });
            return { status: response.status(), body: await response.json() };
          },
          markMailbox: () => outboxSnapshot(server),
          readCode: (before: Set<string>) => readNewCode(before, undefined, server),
        },
        credentials,
      ),
    server,
  );
  return { token, admin };
}

/**
 * A new admin of `role`, invited by the suite's owner (`api`), who accepted the mailed invitation and signed in: their
 * session, for a browser context of their own (`sessionStorageState`).
 */
export async function invitedAdminSession(api: AdminApi, role: AdminRole, name: string): Promise<AdminSession> {
  return signInOverApi(api.request, await invitedAdmin(api, role, name), api.server);
}

/** A new admin of `role`, invited by the suite's owner (`api`), who accepted the mailed invitation: their credentials. */
export async function invitedAdmin(api: AdminApi, role: AdminRole, name: string): Promise<{ email: string; password: string }> {
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`;
  const password = 'harbor-lantern-willow-73';
  const before = outboxSnapshot(api.server);
  const invited = await api.request.post('/api/admin/admins', { data: { email, name, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await invitationLinkSince(api.server.outboxDir, before, email);
  const token = new URLSearchParams(link.hash.slice(1)).get('token');
  const accepted = await api.request.post('/admin/accept-invite', { data: { token, password } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { email, password };
}

/** Types the credentials on /admin/login and the mailed code on /admin/verify-2fa, like an admin does. */
export async function signInThroughUi(page: Page): Promise<void> {
  await withLoginLock(async () => {
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    const before = outboxSnapshot();
    await page.getByLabel('Email').fill(e2eAdmin.email);
    await page.getByLabel('Password').fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/verify-2fa$/);
    const otp = await readNewCode(before);
    await page.getByLabel('Verification Code').fill(otp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/admin\/(login|verify-2fa)$/);
  });
}

export function sessionStorageState(session: AdminSession, server: E2eServer = e2eServer) {
  return {
    cookies: [],
    origins: [
      {
        origin: server.baseUrl,
        localStorage: [
          { name: 'adminToken', value: session.token },
          { name: 'adminDetails', value: JSON.stringify(session.admin) },
        ],
      },
    ],
  };
}

/** Stores a session in the page's storage, as the verification page does. */
export async function putSession(page: Page, session: AdminSession): Promise<void> {
  await page.goto('/admin/login');
  await page.evaluate(({ token, admin }) => {
    window.localStorage.setItem('adminToken', token);
    window.localStorage.setItem('adminDetails', JSON.stringify(admin));
  }, session);
}

/**
 * Tests that start signed in: one session per worker, put in the browser's storage as the app keeps it, on the server
 * of the test's project (`server`: the site's and admin's, or a content suite's own).
 */
export const test = base.extend<{ api: AdminApi }, { server: E2eServer; adminSession: AdminSession }>({
  // The public pages an admin test visits (to send a form as a visitor would) are hydrated before it types.
  page: async ({ page }, use) => {
    waitForHydration(page, (url) => !url.pathname.startsWith('/admin'));
    await use(page);
  },
  server: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture, only the project
    async ({}, use, workerInfo) => {
      await use(serverOf(workerInfo.project.use.baseURL));
    },
    { scope: 'worker' },
  ],
  adminSession: [
    async ({ playwright, server }, use) => {
      const request = await playwright.request.newContext({ baseURL: server.baseUrl });
      const session = await signInOverApi(request, e2eAdmin, server);
      await request.dispose();
      await use(session);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ adminSession, server }, use) => {
    await use(sessionStorageState(adminSession, server));
  },
  api: async ({ playwright, adminSession, server }, use) => {
    const request = await playwright.request.newContext({
      baseURL: server.baseUrl,
      extraHTTPHeaders: { Authorization: `Bearer ${adminSession.token}` },
    });
    await use(new AdminApi(request, server));
    await request.dispose();
  },
});

/** A short unique suffix so parallel tests never look at each other's rows. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An engineering job to apply to, as a recruiter would post it (`title` unique per test). */
export function engineeringJob(title: string, description: string, requirement: string): JobPayload {
  return { title, department: 'engineering', location: 'remote', type: 'full-time', experience: '2+ years', description, requirements: [requirement] };
}

/** A small real PDF (bytes start with %PDF-). */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' + 'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Rows created over HTTP, the way the public site and other admins would. */
export class AdminApi {
  constructor(
    readonly request: APIRequestContext,
    /** The server `request` calls. */
    readonly server: E2eServer,
  ) {}

  private async ok<T>(responsePromise: ReturnType<APIRequestContext['get']>): Promise<T> {
    const response = await responsePromise;
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBeTruthy();
    return (await response.json()) as T;
  }

  /**
   * `fromSite`: sent as the quote form sends it, with a form token fetched at least FORM_MIN_FILL_SECONDS before,
   * which earns the visitor a confirmation; without it the lead comes from an API client and gets none.
   */
  async createLead(lead: { name: string; email: string; service: string; message: string }, options: { fromSite?: boolean } = {}) {
    const headers = options.fromSite ? { [FORM_TOKEN_HEADER]: await this.formToken() } : undefined;
    return this.ok<{ data: { _id: string } }>(this.request.post('/api/leads', { data: lead, headers }));
  }

  /** A form token, once it is old enough for a person to have filled the form (SPAM_MIN_FILL_SECONDS). */
  async formToken(): Promise<string> {
    const { token } = await this.ok<{ token: string }>(this.request.get('/api/form-token'));
    await sleep(SPAM_MIN_FILL_SECONDS * 1000);
    return token;
  }

  createContact(contact: { name: string; email: string; phone?: string; department: string; message: string }) {
    return this.ok<{ data: { _id: string } }>(this.request.post('/api/contacts', { data: contact }));
  }

  async leadStatus(id: string): Promise<string> {
    const { leads } = await this.ok<{ leads: { _id: string; status: string }[] }>(this.request.get('/api/leads'));
    return leads.find((lead) => lead._id === id)?.status ?? 'missing';
  }

  async contactStatus(id: string): Promise<string> {
    const { contacts } = await this.ok<{ contacts: { _id: string; status: string }[] }>(this.request.get('/api/contacts'));
    return contacts.find((contact) => contact._id === id)?.status ?? 'missing';
  }

  createJob(job: JobPayload) {
    return this.ok<{ data: Job }>(this.request.post('/api/jobs/admin', { data: job }));
  }

  async findJob(id: string): Promise<Job | undefined> {
    const { jobs } = await this.ok<{ jobs: Job[] }>(this.request.get('/api/jobs/admin'));
    return jobs.find((job) => job._id === id);
  }

  deleteJob(id: string) {
    return this.ok(this.request.delete(`/api/jobs/admin/${id}`));
  }

  async findPortfolio(title: string) {
    const { portfolios } = await this.ok<{ portfolios: { _id: string; projectTitle: string; techStack: string[] }[] }>(this.request.get('/api/portfolio'));
    return portfolios.find((item) => item.projectTitle === title);
  }

  deletePortfolio(id: string) {
    return this.ok(this.request.delete(`/api/portfolio/${id}`));
  }

  apply(application: {
    job: string;
    fullName: string;
    email: string;
    phone: string;
    experience: string;
    coverLetter?: string;
    portfolio?: string;
    resume?: Buffer;
  }) {
    const { resume = SAMPLE_PDF, ...fields } = application;
    return this.ok<{ data: { _id: string } }>(
      this.request.post('/api/jobs/apply', {
        data: { ...fields, resume: `data:application/pdf;base64,${resume.toString('base64')}`, isResumeBase64: true },
      }),
    );
  }

  async applications(jobId: string) {
    const { applications } = await this.ok<{ applications: { _id: string; status: string }[] }>(this.request.get(`/api/jobs/applications/${jobId}`));
    return applications;
  }

  /** The e-mails in the inbox of leads or contact messages, or in its suspected spam. */
  async senders(kind: 'leads' | 'contacts', spam = false): Promise<string[]> {
    const answer = await this.ok<Record<typeof kind, { email: string }[]>>(this.request.get(`/api/${kind}${spam ? '?spam=true' : ''}`));
    return answer[kind].map((row) => row.email);
  }

  async stats() {
    return this.ok<{ stats: { totalLeads: number } }>(this.request.get('/api/admin/dashboard/stats'));
  }

  /** Gives an item of the staff workspace to an admin (or to nobody), as another admin's browser would. */
  setOwner(kind: WorkItemKind, id: string, ownerId: string | null) {
    return this.ok(this.request.patch(`${WORK_ITEM_API[kind]}/${id}/owner`, { data: { ownerId } }));
  }

  /** Sets an item's follow-up time; the API takes past times too (such an item is overdue at once). */
  setFollowUp(kind: WorkItemKind, id: string, at: Date | null) {
    return this.ok(this.request.put(`${WORK_ITEM_API[kind]}/${id}/follow-up`, { data: { at: at ? at.toISOString() : null } }));
  }
}

/** Where each kind's workspace calls are (the prefix of its list). */

/** The admin screens' axe check: the WCAG 2.1 A/AA rules, with 2.5.3's (label in name), which axe leaves off. */
export function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  return expectAccessible(page, { label, scope: 'wcag21aa', experimental: ['label-content-name-mismatch'] });
}

/** A list's Filters popover, opened if it is not (by its button, as a user does): its filter controls are inside it. */
export async function openFilters(page: Page) {
  const button = page.getByRole('button', { name: /^Filters/ });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const filters = page.getByRole('group', { name: 'Filters' });
  await expect(filters).toBeVisible();
  return filters;
}
