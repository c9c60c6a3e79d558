import { OWNER_FILTERS, type OwnerFilter, type WorkItemKind } from '@brightwave/common';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { overdueFilterChanged, ownerFilterChanged, selectTableParams, type TableKey } from '../../app/tables-slice';
import { SelectField } from '../../components/ui/fields';
import { useGetAssigneesQuery } from './workspace-api';

const OWNER_FILTER_LABELS: Record<(typeof OWNER_FILTERS)[number], string> = { anyone: 'Anyone', me: 'Me', unassigned: 'Unassigned' };

/** The lists' workspace filters: whose items (anyone, me, nobody, one admin) and overdue only. */
export function WorkFilters({ table, kind }: { table: TableKey; kind: WorkItemKind }) {
  const params = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  const assignees = useGetAssigneesQuery(kind).data ?? [];
  const options = [
    ...OWNER_FILTERS.map((value) => ({ value, label: OWNER_FILTER_LABELS[value] })),
    ...assignees.map((person) => ({ value: person._id, label: person.name })),
  ];
  return (
    <>
      <div className="w-44">
        <SelectField
          label="Owner"
          value={params.owner}
          options={options}
          onChange={(event) => dispatch(ownerFilterChanged({ table, owner: event.target.value as OwnerFilter }))}
        />
      </div>
      <label className="flex items-center gap-2 pb-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={params.overdue}
          onChange={(event) => dispatch(overdueFilterChanged({ table, overdue: event.target.checked }))}
        />
        Overdue only
      </label>
    </>
  );
}
