// Admin accounts and roles (docs/features/roles-and-accounts.md): what each role may use. The server enforces it on every admin route;
// the admin app shows only what the role may use.

export const ADMIN_ROLES = ['owner', 'sales', 'recruiter', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  sales: 'Sales',
  recruiter: 'Recruiter',
  editor: 'Editor',
};
export const ADMIN_ROLE_DESCRIPTIONS: Record<AdminRole, string> = {
  owner: 'Everything, including admins, settings, audit log and privacy requests',
  sales: 'Dashboard, leads, contact messages and site analytics',
  recruiter: 'Dashboard, jobs and applications',
  editor: 'Dashboard, portfolio, site content and site analytics',
};

/** The parts of the back office a role may use; every admin route belongs to one (its `@AdminOnly(area)`). */
export const ADMIN_AREAS = {
  /** Dashboard, own account, sign-out. */
  everyone: ['owner', 'sales', 'recruiter', 'editor'],
  /** Leads and contact messages. */
  inbox: ['owner', 'sales'],
  /** Jobs, applications and resumes. */
  jobs: ['owner', 'recruiter'],
  portfolio: ['owner', 'editor'],
  /** The site's texts and pictures (drafts, publishing, versions). */
  content: ['owner', 'editor'],
  /** The site's analytics: visitors, pages, sources and the forms' funnels (aggregates, nothing about a person). */
  analytics: ['owner', 'sales', 'editor'],
  /** Admins, settings, webhooks, deliveries, audit log, privacy requests. */
  owner: ['owner'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

export function canUse(role: AdminRole, area: AdminArea): boolean {
  return (ADMIN_AREAS[area] as readonly AdminRole[]).includes(role);
}
