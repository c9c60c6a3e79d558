import { MESSAGES, type WorkItemKind } from '@brightwave/common';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { Column } from '../../components/data-table';
import { buttonClasses } from '../../components/ui/button';
import { SelectField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { ownerOptions, UNASSIGNED } from './owner-section';
import { countOf, WORK_ITEM_PLURALS } from './work-items';
import { useGetAssigneesQuery, useSetOwnerMutation } from './workspace-api';

export interface RowSelection {
  /** The chosen rows among those listed now (a row that left the page is no longer chosen). */
  selected: string[];
  /** Every row listed now is chosen (and there is one). */
  all: boolean;
  isSelected: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
  setAll: (on: boolean) => void;
  clear: () => void;
}

/** Rows chosen with their checkboxes for a bulk action, among `rowIds` (the rows listed now). */
export function useRowSelection(rowIds: readonly string[]): RowSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = rowIds.filter((id) => chosen.has(id));
  return {
    selected,
    all: rowIds.length > 0 && selected.length === rowIds.length,
    isSelected: (id) => chosen.has(id),
    toggle: (id, on) =>
      setChosen((before) => {
        const after = new Set(before);
        if (on) after.add(id);
        else after.delete(id);
        return after;
      }),
    setAll: (on) => setChosen(new Set(on ? rowIds : [])),
    clear: () => setChosen(new Set()),
  };
}

/** The Select column's header: every row of the page at once, "some" shown as the mixed state. */
function SelectAllCheckbox({ selection }: { selection: RowSelection }) {
  const box = useRef<HTMLInputElement>(null);
  const some = selection.selected.length > 0 && !selection.all;
  // "Some selected" is a state of the checkbox that only script can set.
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="h-4 w-4"
      aria-label="Select all on this page"
      checked={selection.all}
      onChange={(event) => selection.setAll(event.target.checked)}
    />
  );
}

/** A checkbox per row (x toggles the focused row's); `subject` ends its name ("Select the lead from Ada"). */
export function selectColumn<Row extends { _id: string }>(selection: RowSelection, subject: (row: Row) => string): Column<Row> {
  return {
    header: 'Select',
    headerCell: <SelectAllCheckbox selection={selection} />,
    cell: (row) => (
      <input
        type="checkbox"
        className="h-4 w-4"
        aria-label={`Select ${subject(row)}`}
        checked={selection.isSelected(row._id)}
        onChange={(event) => selection.toggle(row._id, event.target.checked)}
      />
    ),
  };
}

/** The summary of a bulk assignment: one toast, with the count (and the first failure's reason, if any). */
export function bulkAssignMessage(kind: WorkItemKind, owner: string | null, done: number, failures: unknown[]) {
  if (failures.length > 0) {
    const reason = errorMessage(failures[0], MESSAGES.ownerFailure);
    return { kind: 'error' as const, text: `${countOf(kind, failures.length)} could not be assigned (${reason}); ${done} assigned.` };
  }
  return { kind: 'success' as const, text: owner === null ? `${countOf(kind, done)} unassigned` : `${countOf(kind, done)} assigned to ${owner}` };
}

interface BulkAssignBarProps {
  kind: WorkItemKind;
  selection: RowSelection;
}

/**
 * Give the chosen rows to one owner (or to nobody): a PATCH per row, one toast. Shown only while rows are chosen (the
 * Select column's header chooses the whole page); the count is told to screen readers as it changes.
 */
export function BulkAssignBar({ kind, selection }: BulkAssignBarProps) {
  const assignees = useGetAssigneesQuery(kind);
  const [setOwner] = useSetOwnerMutation();
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const count = selection.selected.length;
  const options = ownerOptions(assignees.data ?? []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!choice || count === 0) return;
    const ownerId = choice === UNASSIGNED ? null : choice;
    const ids = selection.selected;
    setBusy(true);
    const results = await Promise.allSettled(ids.map((id) => setOwner({ kind, id, ownerId }).unwrap()));
    setBusy(false);
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    const owner = ownerId === null ? null : (options.find((option) => option.value === ownerId)?.label ?? '');
    const message = bulkAssignMessage(kind, owner, ids.length - failures.length, failures);
    toast[message.kind](message.text);
    selection.clear();
    setChoice('');
  }

  return (
    <div className={count > 0 ? 'flex flex-wrap items-end gap-3 border-b border-gray-200 bg-blue-50 px-4 py-3' : undefined}>
      {/* Always there, so that a screen reader hears the first selection as well as the others. */}
      <p className={count > 0 ? 'pb-2 text-sm font-medium text-gray-900' : 'sr-only'} aria-live="polite">
        {count > 0 ? `${count} selected` : ''}
      </p>
      {count > 0 && (
        <form aria-label={`Assign selected ${WORK_ITEM_PLURALS[kind]}`} className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
          <div className="w-56">
            <SelectField
              label="Assign selected to"
              placeholder="Choose an owner"
              value={choice}
              options={options}
              onChange={(event) => setChoice(event.target.value)}
            />
          </div>
          <button type="submit" className={buttonClasses('secondary')} disabled={busy || !choice}>
            Assign selected
          </button>
          <button type="button" className={buttonClasses('ghost')} onClick={selection.clear}>
            Clear selection
          </button>
        </form>
      )}
    </div>
  );
}
