// Every enumerated value of SPEC §3 and §4, with its human label and badge colour (a name; each app styles it).
// The API validates against these keys; the site and the admin app show the labels and colours.

export type BadgeColor = 'green' | 'blue' | 'purple' | 'red' | 'yellow' | 'gray';

/** Service of a quote request; the same keys are the portfolio categories. */
export const SERVICE_KEYS = ['enterprise', 'ecommerce', 'web', 'logo', 'social', 'marketing', 'mobile', 'blockchain', 'health', 'crm'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];
export const SERVICE_LABELS: Record<ServiceKey, string> = {
  enterprise: 'Enterprise Solutions',
  ecommerce: 'E-commerce Design',
  web: 'Web Designing',
  logo: 'Logo Designing',
  social: 'Social Media Management',
  marketing: 'Marketing',
  mobile: 'Mobile App Development',
  blockchain: 'Blockchain',
  health: 'Health & Beauty',
  crm: 'CRMs',
};

export const PORTFOLIO_CATEGORY_KEYS = SERVICE_KEYS;
export type PortfolioCategory = ServiceKey;
export const PORTFOLIO_CATEGORY_LABELS = SERVICE_LABELS;

export const CONTACT_DEPARTMENTS = ['sales', 'support', 'billing', 'general'] as const;
export type ContactDepartment = (typeof CONTACT_DEPARTMENTS)[number];
export const CONTACT_DEPARTMENT_LABELS: Record<ContactDepartment, string> = {
  sales: 'Sales',
  support: 'Support',
  billing: 'Billing',
  general: 'General',
};

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  lost: 'Lost',
};
export const LEAD_STATUS_COLORS: Record<LeadStatus, BadgeColor> = {
  new: 'green',
  contacted: 'blue',
  qualified: 'purple',
  lost: 'red',
};

export const CONTACT_STATUSES = ['pending', 'in-progress', 'resolved'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
};
export const CONTACT_STATUS_COLORS: Record<ContactStatus, BadgeColor> = {
  pending: 'yellow',
  'in-progress': 'blue',
  resolved: 'green',
};

export const JOB_DEPARTMENTS = ['engineering', 'design', 'marketing', 'sales', 'operations', 'other'] as const;
export type JobDepartment = (typeof JOB_DEPARTMENTS)[number];
export const JOB_DEPARTMENT_LABELS: Record<JobDepartment, string> = {
  engineering: 'Engineering',
  design: 'Design',
  marketing: 'Marketing',
  sales: 'Sales',
  operations: 'Operations',
  other: 'Other',
};

export const JOB_LOCATIONS = ['remote', 'onsite', 'hybrid'] as const;
export type JobLocation = (typeof JOB_LOCATIONS)[number];
export const JOB_LOCATION_LABELS: Record<JobLocation, string> = {
  remote: 'Remote',
  onsite: 'Onsite',
  hybrid: 'Hybrid',
};

export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  'full-time': 'Full Time',
  'part-time': 'Part Time',
  contract: 'Contract',
  internship: 'Internship',
};

export const JOB_STATUSES = ['active', 'expired', 'filled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  filled: 'Filled',
};
export const JOB_STATUS_COLORS: Record<JobStatus, BadgeColor> = {
  active: 'green',
  expired: 'red',
  filled: 'blue',
};

export const APPLICATION_STATUSES = ['pending', 'reviewed', 'shortlisted', 'rejected', 'hired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  rejected: 'Rejected',
  hired: 'Hired',
};
export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, BadgeColor> = {
  pending: 'yellow',
  reviewed: 'blue',
  shortlisted: 'green',
  rejected: 'red',
  hired: 'purple',
};

/**
 * An outgoing message's state in the outbox (Deliveries screen). `scheduled`: a candidate mail waiting for its time
 * (it can be cancelled until then); `cancelled`: one that was cancelled before it went out.
 */
export const DELIVERY_STATUSES = ['pending', 'scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Waiting',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const DELIVERY_STATUS_COLORS: Record<DeliveryStatus, BadgeColor> = {
  pending: 'yellow',
  scheduled: 'purple',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};
/** Type shown to visitors: hyphens as spaces (SPEC §2, /careers). */
export function jobTypeDisplay(type: string): string {
  return type.replace(/-/g, ' ');
}
