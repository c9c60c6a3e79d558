// Admin accounts and roles (issue 10 §1): what each role may use. The server enforces it on every admin route;
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
  sales: 'Dashboard, leads and contact queries',
  recruiter: 'Dashboard, jobs and applications',
  editor: 'Dashboard and portfolio',
};
