import { MESSAGES, type ItemOwner, type WorkItemKind } from '@brightwave/common';
import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { SelectField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { toastWithUndo } from '../../lib/undo-toast';
import { sectionClasses, sectionHeadingClasses } from './item-details';
import { useGetAssigneesQuery, useSetOwnerMutation } from './workspace-api';

/** The value of "Unassigned" among the owners (the lists' owner filter uses the same word). */
export const UNASSIGNED = 'unassigned';

/** The owners to choose from: Unassigned, then whoever may own this kind (and the current owner, should they no longer be one). */
export function ownerOptions(assignees: readonly ItemOwner[], current: ItemOwner | null = null) {
  const people = current && !assignees.some((person) => person._id === current._id) ? [current, ...assignees] : assignees;
  return [{ value: UNASSIGNED, label: 'Unassigned' }, ...people.map((person) => ({ value: person._id, label: person.name }))];
}

interface OwnerSectionProps {
  kind: WorkItemKind;
  id: string;
  owner: ItemOwner | null;
  /** The signed-in admin's id. */
  myId: string | undefined;
}

/**
 * Who owns the item, assigned in one step: choosing an admin (or Unassigned) saves at once, with a toast that offers
 * Undo (the previous owner, given back the same way); or "Assign to me". The new owner is mailed by the server.
 */
export function OwnerSection({ kind, id, owner, myId }: OwnerSectionProps) {
  const headingId = useId();
  const assignees = useGetAssigneesQuery(kind);
  const [setOwner, { isLoading }] = useSetOwnerMutation();
  const current = owner?._id ?? UNASSIGNED;
  // The choice being saved shows until the refetched item names its owner (or, on failure, the owner still there shows).
  const [pending, setPending] = useState<string | null>(null);
  const [seenOwner, setSeenOwner] = useState(current);
  if (seenOwner !== current) {
    setSeenOwner(current);
    setPending(null);
  }
  const shown = pending ?? current;

  const options = ownerOptions(assignees.data ?? [], owner);
  const nameOf = (ownerId: string | null) => (ownerId === null ? null : (options.find((option) => option.value === ownerId)?.label ?? ''));

  async function assign(ownerId: string | null) {
    // The owner as shown (a change just saved may not be refetched yet) is the one Undo gives the item back to.
    const previousId = shown === UNASSIGNED ? null : shown;
    const [name, previousName] = [nameOf(ownerId), nameOf(previousId)];
    setPending(ownerId ?? UNASSIGNED);
    try {
      const answer = await setOwner({ kind, id, ownerId }).unwrap();
      toastWithUndo({
        message: answer.message,
        what: name === null ? 'unassigned' : `assigned to ${name}`,
        revert: () => setOwner({ kind, id, ownerId: previousId }).unwrap(),
        undone: previousName === null ? 'Unassigned again' : `Owner back to ${previousName}`,
      });
    } catch (failure) {
      setPending(null);
      toast.error(errorMessage(failure, MESSAGES.ownerFailure));
    }
  }

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const choice = event.target.value;
    if (choice !== shown) void assign(choice === UNASSIGNED ? null : choice);
  }

  const canAssignMe = myId !== undefined && shown !== myId && (assignees.data ?? []).some((person) => person._id === myId);
  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        Owner
      </h2>
      <div className="mt-3 space-y-3">
        <SelectField label="Owner" value={shown} options={options} disabled={assignees.isLoading || isLoading} onChange={onChange} />
        {canAssignMe && (
          <button type="button" className={buttonClasses('secondary')} disabled={isLoading} onClick={() => assign(myId)}>
            Assign to me
          </button>
        )}
      </div>
    </section>
  );
}
