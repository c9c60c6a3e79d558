import {
  CONTACT_DEPARTMENT_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_COLORS,
  CONTACT_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_STATUS_COLORS,
  LEAD_STATUS_LABELS,
  SERVICE_LABELS,
  type ContactQuery,
  type Lead,
} from '@brightwave/common';
import { MessageInbox, type InboxConfig } from '../../components/message-inbox';

const serviceOf = (lead: Lead) => SERVICE_LABELS[lead.service] ?? lead.service;
const departmentOf = (contact: ContactQuery) => CONTACT_DEPARTMENT_LABELS[contact.department] ?? contact.department;

const LEADS: InboxConfig<'leads'> = {
  table: 'leads',
  words: { title: 'Leads', region: 'Leads', caption: 'Quote requests', plural: 'leads', singular: 'lead', pager: 'Leads' },
  statuses: LEAD_STATUSES,
  labels: LEAD_STATUS_LABELS,
  colors: LEAD_STATUS_COLORS,
  details: { columns: [{ header: 'Service', cell: serviceOf }] },
};

const CONTACT_QUERIES: InboxConfig<'contacts'> = {
  table: 'queries',
  words: {
    title: 'Contact Queries',
    region: 'Contact queries',
    caption: 'Contact messages',
    plural: 'contact messages',
    singular: 'contact message',
    pager: 'Queries',
  },
  statuses: CONTACT_STATUSES,
  labels: CONTACT_STATUS_LABELS,
  colors: CONTACT_STATUS_COLORS,
  details: {
    columns: [
      {
        header: 'Phone',
        className: 'whitespace-nowrap',
        cell: (contact) =>
          contact.phone ? (
            <a className="text-blue-800 underline" href={`tel:${contact.phone}`}>
              {contact.phone}
            </a>
          ) : (
            '—'
          ),
      },
      { header: 'Department', cell: departmentOf },
    ],
  },
};

/** SPEC §2 /admin/leads: quote requests with their status. */
export function LeadsPage() {
  return <MessageInbox kind="leads" config={LEADS} />;
}

/** SPEC §2 /admin/queries: contact messages with their status. */
export function QueriesPage() {
  return <MessageInbox kind="contacts" config={CONTACT_QUERIES} />;
}
