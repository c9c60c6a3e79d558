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
  isSelected: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
  setAll: (on: boolean) => void;
  clear: () => void;
}

/** Rows chosen with their checkboxes for a bulk action, among `rowIds` (the rows listed now). */
export function useRowSelection(rowIds: readonly string[]): RowSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  return {
    selected: rowIds.filter((id) => chosen.has(id)),
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

/** A checkbox per row; `subject` ends its name ("Select the lead from Ada"). */
export function selectColumn<Row extends { _id: string }>(selection: RowSelection, subject: (row: Row) => string): Column<Row> {
  return {
    header: 'Select',
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
  rowIds: readonly string[];
  selection: RowSelection;
}

/** Select all rows of the page, and give the chosen rows to one owner (or to nobody): a PATCH per row, one toast. */
export function BulkAssignBar({ kind, rowIds, selection }: BulkAssignBarProps) {
  const assignees = useGetAssigneesQuery(kind);
  const [setOwner] = useSetOwnerMutation();
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const selectAll = useRef<HTMLInputElement>(null);
  const count = selection.selected.length;
  const all = rowIds.length > 0 && count === rowIds.length;
  const options = ownerOptions(assignees.data ?? []);

  // "Some selected" is a state of the checkbox that only script can set.
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [count, all]);

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
    <form
      aria-label={`Assign selected ${WORK_ITEM_PLURALS[kind]}`}
      className="flex flex-wrap items-end gap-3 border-b border-gray-200 px-4 py-3"
      onSubmit={onSubmit}
    >
      <label className="flex items-center gap-2 pb-2 text-sm text-gray-800">
        <input ref={selectAll} type="checkbox" className="h-4 w-4" checked={all} onChange={(event) => selection.setAll(event.target.checked)} />
        Select all on this page
      </label>
      <p className="pb-2 text-sm text-gray-700" aria-live="polite">
        {count} selected
      </p>
      <div className="w-56">
        <SelectField
          label="Assign selected to"
          placeholder="Choose an owner"
          value={choice}
          options={options}
          onChange={(event) => setChoice(event.target.value)}
        />
      </div>
      <button type="submit" className={buttonClasses('secondary')} disabled={busy || count === 0 || !choice}>
        Assign selected
      </button>
    </form>
  );
}
