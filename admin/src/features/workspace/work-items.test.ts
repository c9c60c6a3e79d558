import { MESSAGES, type ItemNote } from '@brightwave/common';
import { bulkAssignMessage } from './bulk-assign';
import { ownerOptions, UNASSIGNED } from './owner-section';
import { canDeleteNote, countOf, overdueListPath, statusBadgeOf, workItemKindsOf, workItemPath } from './work-items';

const note = (id: string, authorId: string | null, createdAt: string): ItemNote => ({
  _id: id,
  text: `Note ${id}`,
  author: authorId ? { _id: authorId, name: `Admin ${authorId}` } : null,
  createdAt,
});

describe('work items', () => {
  it('lets the author delete a note, and any owner; nobody else', () => {
    const mine = note('n1', 'a1', '2026-01-01T10:00:00.000Z');
    const orphan = note('n2', null, '2026-01-01T10:00:00.000Z');
    expect(canDeleteNote(mine, { _id: 'a1', role: 'sales' })).toBe(true);
    expect(canDeleteNote(mine, { _id: 'a2', role: 'sales' })).toBe(false);
    expect(canDeleteNote(mine, { _id: 'a2', role: 'owner' })).toBe(true);
    expect(canDeleteNote(orphan, { _id: 'a1', role: 'recruiter' })).toBe(false);
    expect(canDeleteNote(orphan, { _id: 'a3', role: 'owner' })).toBe(true);
  });

  it('links each kind to its page and its overdue items to the list that shows them', () => {
    expect(workItemPath('lead', 'x1')).toBe('/leads/x1');
    expect(workItemPath('contact', 'x2')).toBe('/queries/x2');
    expect(workItemPath('application', 'x3')).toBe('/applications/x3');
    expect(overdueListPath('lead')).toBe('/leads?overdue=true');
    expect(overdueListPath('contact')).toBe('/queries?overdue=true');
    expect(overdueListPath('application')).toBe('/jobs');
  });

  it('gives each role the kinds of its areas', () => {
    expect(workItemKindsOf('owner')).toEqual(['lead', 'contact', 'application']);
    expect(workItemKindsOf('sales')).toEqual(['lead', 'contact']);
    expect(workItemKindsOf('recruiter')).toEqual(['application']);
    expect(workItemKindsOf('editor')).toEqual([]);
    expect(workItemKindsOf(undefined)).toEqual([]);
  });

  it('shows a status of any kind with its label and colour', () => {
    expect(statusBadgeOf('contact', 'in-progress')).toEqual({ label: 'In Progress', color: 'blue' });
    expect(statusBadgeOf('application', 'hired')).toEqual({ label: 'Hired', color: 'purple' });
    expect(statusBadgeOf('lead', 'archived')).toEqual({ label: 'archived', color: 'gray' });
  });

  it('counts items in words', () => {
    expect(countOf('lead', 1)).toBe('1 lead');
    expect(countOf('contact', 3)).toBe('3 contact messages');
    expect(countOf('application', 0)).toBe('0 applications');
  });

  it('offers Unassigned, then the assignees, and keeps a current owner who is no longer one', () => {
    const assignees = [{ _id: 'a1', name: 'Ada' }];
    expect(ownerOptions(assignees)).toEqual([
      { value: UNASSIGNED, label: 'Unassigned' },
      { value: 'a1', label: 'Ada' },
    ]);
    expect(ownerOptions(assignees, { _id: 'gone', name: 'Gus' }).map((option) => option.label)).toEqual(['Unassigned', 'Gus', 'Ada']);
    expect(ownerOptions(assignees, { _id: 'a1', name: 'Ada' })).toHaveLength(2);
  });

  it('sums a bulk assignment up in one toast, with the first failure', () => {
    expect(bulkAssignMessage('lead', 'Ada', 3, [])).toEqual({ kind: 'success', text: '3 leads assigned to Ada' });
    expect(bulkAssignMessage('contact', null, 1, [])).toEqual({ kind: 'success', text: '1 contact message unassigned' });
    expect(bulkAssignMessage('lead', 'Ada', 2, [{ status: 400, data: { success: false, message: MESSAGES.ownerInvalid } }])).toEqual({
      kind: 'error',
      text: `1 lead could not be assigned (${MESSAGES.ownerInvalid}); 2 assigned.`,
    });
  });
});
