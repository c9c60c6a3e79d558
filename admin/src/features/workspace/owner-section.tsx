import { MESSAGES, type ItemOwner, type WorkItemKind } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { SelectField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
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

/** Who owns the item: a choice of the admins who may, or "Assign to me". The new owner is mailed by the server. */
export function OwnerSection({ kind, id, owner, myId }: OwnerSectionProps) {
  const headingId = useId();
  const assignees = useGetAssigneesQuery(kind);
  const [setOwner, { isLoading }] = useSetOwnerMutation();
  const current = owner?._id ?? UNASSIGNED;
  const [choice, setChoice] = useState(current);
  // A new owner (chosen here, or by another admin and refetched) becomes the choice shown.
  const [shownOwner, setShownOwner] = useState(current);
  if (shownOwner !== current) {
    setShownOwner(current);
    setChoice(current);
  }

  async function assign(ownerId: string | null) {
    try {
      toast.success((await setOwner({ kind, id, ownerId }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.ownerFailure));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void assign(choice === UNASSIGNED ? null : choice);
  }

  const canAssignMe = myId !== undefined && owner?._id !== myId && (assignees.data ?? []).some((person) => person._id === myId);
  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        Owner
      </h2>
      <form className="mt-3 space-y-3" onSubmit={onSubmit}>
        <SelectField
          label="Owner"
          value={choice}
          options={ownerOptions(assignees.data ?? [], owner)}
          disabled={assignees.isLoading}
          onChange={(event) => setChoice(event.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses('primary')} disabled={isLoading || choice === current}>
            Save owner
          </button>
          {canAssignMe && (
            <button type="button" className={buttonClasses('secondary')} disabled={isLoading} onClick={() => assign(myId)}>
              Assign to me
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
