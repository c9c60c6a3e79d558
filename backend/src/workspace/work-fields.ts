import { isOverdue, itemKindsFor, type AdminRole, type WorkFields, type WorkItemKind } from '@brightwave/common';

/** The workspace columns of a lead, contact or application row (database/schema.ts `workColumns`). */
export interface WorkColumns {
  status: string;
  ownerId: string | null;
  followUpAt: Date | null;
}

/** The workspace fields of an item as the lists and the item page answer them; `ownerName` from a join on admins. */
export function workFieldsOf(kind: WorkItemKind, row: WorkColumns, ownerName: string | null, now: Date = new Date()): WorkFields {
  return {
    owner: row.ownerId && ownerName !== null ? { _id: row.ownerId, name: ownerName } : null,
    followUpAt: row.followUpAt ? row.followUpAt.toISOString() : null,
    overdue: isOverdue(kind, row.status, row.followUpAt, now),
  };
}

/** The kinds of items an admin may own and be told about: those their role covers, none while their account is disabled. */
export function ownableKinds(role: AdminRole, disabled: boolean): WorkItemKind[] {
  return disabled ? [] : itemKindsFor(role);
}
