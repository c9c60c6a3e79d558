import { WORK_ITEM_AREAS, type AdminArea, type AdminRole } from '@brightwave/common';
import type { IconType } from 'react-icons';
import {
  FiBarChart2,
  FiBell,
  FiBriefcase,
  FiCalendar,
  FiCheckSquare,
  FiCornerUpRight,
  FiEdit3,
  FiFileText,
  FiGrid,
  FiImage,
  FiInbox,
  FiLayout,
  FiList,
  FiMessageSquare,
  FiSend,
  FiShield,
  FiUser,
  FiUserCheck,
  FiUsers,
} from 'react-icons/fi';
import { SETTINGS_AREAS } from '../features/settings/settings-tabs';
import { mayUse } from './area-gate';

/** A count shown beside an entry (admin-layout.tsx's useNavCounts): the leads still new, my overdue follow-ups. */
export type NavCount = 'newLeads' | 'myOverdue';

export interface NavEntry {
  to: string;
  /** The screen's name, in the glossary's words (docs/architecture.md); the SPEC's own names where it has one ("Queries"). */
  label: string;
  icon: IconType;
  /** The entry shows only to roles that may use its area, or one of its areas (the server refuses the others' calls with 403). */
  area: AdminArea | readonly AdminArea[];
  count?: NavCount;
  /** More words the command palette finds the screen by (the glossary's word when the SPEC's name differs). */
  keywords?: string;
}

export interface NavGroup {
  /** The kind of work, as the group's heading says it; null for the entries above and below the groups. */
  label: string | null;
  entries: NavEntry[];
}

/**
 * The sidebar, grouped by the work it serves (docs/decisions/074-admin-navigation.md). My work sits with the
 * Dashboard, above the groups: it holds a recruiter's applications as much as a salesperson's leads.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: null,
    entries: [
      { to: '/dashboard', label: 'Dashboard', icon: FiGrid, area: 'everyone' },
      { to: '/my-work', label: 'My work', icon: FiCheckSquare, area: Object.values(WORK_ITEM_AREAS), count: 'myOverdue', keywords: 'follow-ups overdue' },
    ],
  },
  {
    label: 'Sales',
    entries: [
      { to: '/leads', label: 'Leads', icon: FiInbox, area: 'inbox', count: 'newLeads', keywords: 'quote requests' },
      { to: '/queries', label: 'Queries', icon: FiMessageSquare, area: 'inbox', keywords: 'contact messages' },
      { to: '/forms', label: 'Forms', icon: FiEdit3, area: 'inbox', keywords: 'quote contact form questions' },
    ],
  },
  {
    label: 'Hiring',
    entries: [
      { to: '/jobs', label: 'Jobs', icon: FiBriefcase, area: 'jobs', keywords: 'pipeline openings' },
      { to: '/applications', label: 'Applications', icon: FiUserCheck, area: 'jobs', keywords: 'candidates applicants' },
    ],
  },
  {
    label: 'Site',
    entries: [
      { to: '/content', label: 'Content', icon: FiFileText, area: 'content', keywords: 'content pages' },
      { to: '/pages', label: 'Pages', icon: FiLayout, area: 'content', keywords: 'built pages blocks' },
      { to: '/pages/redirects', label: 'Redirects', icon: FiCornerUpRight, area: 'content' },
      { to: '/news', label: 'News', icon: FiFileText, area: 'content', keywords: 'posts blog articles' },
      { to: '/portfolio', label: 'Portfolio', icon: FiImage, area: 'portfolio', keywords: 'portfolio items' },
      { to: '/analytics', label: 'Analytics', icon: FiBarChart2, area: 'analytics', keywords: 'visits' },
    ],
  },
  {
    label: 'Admin',
    entries: [
      { to: '/admins', label: 'Admins', icon: FiUsers, area: 'owner', keywords: 'roles invitations' },
      { to: '/settings', label: 'Settings', icon: FiBell, area: SETTINGS_AREAS, keywords: 'notifications webhooks retention candidate e-mails' },
      { to: '/audit', label: 'Audit log', icon: FiList, area: 'owner' },
      { to: '/deliveries', label: 'Deliveries', icon: FiSend, area: 'owner', keywords: 'outbox mails' },
      { to: '/privacy', label: 'Privacy', icon: FiShield, area: 'owner', keywords: 'privacy requests erasure' },
    ],
  },
  {
    label: null,
    entries: [
      { to: '/availability', label: 'My availability', icon: FiCalendar, area: 'everyone', keywords: 'booking calls working hours calendar' },
      { to: '/account', label: 'My account', icon: FiUser, area: 'everyone', keywords: 'password sessions' },
    ],
  },
];

/** The groups as the role sees them: the entries it may use, and no group left empty. Nothing but "everyone" before the role is known. */
export function navGroupsFor(role: AdminRole | undefined): NavGroup[] {
  return NAV_GROUPS.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => entry.area === 'everyone' || (role !== undefined && mayUse(role, entry.area))),
  })).filter((group) => group.entries.length > 0);
}

/**
 * The entry of the screen at `pathname`: the one whose path is the longest prefix of it (a job's pipeline is Jobs',
 * `/pages/redirects` is Redirects' and not Pages'); null when none holds it.
 */
export function activeEntryPath(pathname: string, entries: readonly Pick<NavEntry, 'to'>[]): string | null {
  let best: string | null = null;
  for (const { to } of entries) {
    if ((pathname === to || pathname.startsWith(`${to}/`)) && (best === null || to.length > best.length)) best = to;
  }
  return best;
}
