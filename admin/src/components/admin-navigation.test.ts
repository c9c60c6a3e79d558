// The sidebar's groups as each role sees them, and which entry a path belongs to.
import type { AdminRole } from '@brightwave/common';
import { activeEntryPath, NAV_GROUPS, navGroupsFor } from './admin-navigation';

const seenBy = (role: AdminRole | undefined) => navGroupsFor(role).map((group) => [group.label, group.entries.map((entry) => entry.label)]);

describe('navGroupsFor', () => {
  it('shows an owner every group in the order of the work: Sales, Hiring, Site, Admin, between Dashboard and My work above and My account below', () => {
    expect(seenBy('owner')).toEqual([
      [null, ['Dashboard', 'My work']],
      ['Sales', ['Leads', 'Queries', 'Forms']],
      ['Hiring', ['Jobs', 'Applications']],
      ['Site', ['Content', 'Pages', 'Redirects', 'News', 'Portfolio', 'Analytics']],
      ['Admin', ['Admins', 'Settings', 'Audit log', 'Deliveries', 'Privacy']],
      [null, ['My availability', 'My account']],
    ]);
  });

  it('shows a salesperson Sales and the analytics of Site, and no group left empty', () => {
    expect(seenBy('sales')).toEqual([
      [null, ['Dashboard', 'My work']],
      ['Sales', ['Leads', 'Queries', 'Forms']],
      ['Site', ['Analytics']],
      [null, ['My availability', 'My account']],
    ]);
  });

  it("shows a recruiter Hiring (jobs and every job's applications) and the Settings of candidate e-mails", () => {
    expect(seenBy('recruiter').flatMap(([, labels]) => labels)).toEqual([
      'Dashboard',
      'My work',
      'Jobs',
      'Applications',
      'Settings',
      'My availability',
      'My account',
    ]);
  });

  it('shows an editor Site only, without My work (an editor owns no items)', () => {
    expect(seenBy('editor')).toEqual([
      [null, ['Dashboard']],
      ['Site', ['Content', 'Pages', 'Redirects', 'News', 'Portfolio', 'Analytics']],
      [null, ['My availability', 'My account']],
    ]);
  });

  it("shows only everyone's screens while the role is not known yet", () => {
    expect(seenBy(undefined)).toEqual([
      [null, ['Dashboard']],
      [null, ['My availability', 'My account']],
    ]);
  });
});

describe('activeEntryPath', () => {
  const entries = NAV_GROUPS.flatMap((group) => group.entries);

  it.each([
    ['/leads', '/leads'],
    ['/leads/0b6c3f0e', '/leads'],
    ['/jobs/42/pipeline', '/jobs'],
    ['/settings/webhooks', '/settings'],
    ['/pages', '/pages'],
    ['/pages/7d1e', '/pages'],
    ['/pages/redirects', '/pages/redirects'],
    ['/applications/9f', '/applications'],
  ])('gives %s to the entry %s (the longest path that holds it)', (pathname, entry) => {
    expect(activeEntryPath(pathname, entries)).toBe(entry);
  });

  it('gives no entry a path that only starts with the same letters, or one no entry holds', () => {
    expect(activeEntryPath('/leadsboard', entries)).toBeNull();
    expect(activeEntryPath('/privacyx', entries)).toBeNull();
    expect(activeEntryPath('/unknown/9f', entries)).toBeNull();
  });
});
