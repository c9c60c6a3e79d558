// What changing an admin's account does beyond the account (decisions 062 and 087), said before it is done.
import { ADMIN_ROLE_LABELS, BOOKABLE_ITEM_KINDS, itemKindsFor, type AdminRole, type WorkItemKind } from '@brightwave/common';

/** The items an admin can own, in the plural, as a sentence names them. */
const ITEMS_IN_PLURAL: Record<WorkItemKind, string> = { lead: 'quote requests', contact: 'contact messages', application: 'job applications' };

/** "a, b and c" */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** The confirmation a change asks for: its title, what it does, and its button; null when it needs none. */
export interface ChangeConfirmation {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * Disabling an admin, or giving them a role that owns fewer kinds of items, unassigns the items they lose and
 * cancels their booked calls about them: asked first. Enabling, and a role that loses nothing, are not.
 */
export function changeConfirmation(
  admin: { name: string; role: AdminRole; disabled: boolean },
  changes: { role?: AdminRole; disabled?: boolean },
): ChangeConfirmation | null {
  const disabling = changes.disabled === true && !admin.disabled;
  const kept: WorkItemKind[] = disabling ? [] : itemKindsFor(changes.role ?? admin.role);
  const lost = admin.disabled ? [] : itemKindsFor(admin.role).filter((kind) => !kept.includes(kind));
  if (!disabling && lost.length === 0) return null;
  const consequences = [
    ...(disabling ? ['They are signed out everywhere and can no longer sign in.'] : []),
    ...(lost.length > 0 ? [`The ${listed(lost.map((kind) => ITEMS_IN_PLURAL[kind]))} they own are unassigned.`] : []),
    ...(lost.some((kind) => (BOOKABLE_ITEM_KINDS as readonly string[]).includes(kind))
      ? ['Their booked calls about them that are not over are cancelled, and the visitors are told by e-mail.']
      : []),
  ];
  if (disabling) return { title: `Disable ${admin.name}?`, message: consequences.join(' '), confirmLabel: 'Disable' };
  const role = ADMIN_ROLE_LABELS[changes.role ?? admin.role];
  return { title: `Make ${admin.name} ${role}?`, message: consequences.join(' '), confirmLabel: `Make ${role}` };
}
