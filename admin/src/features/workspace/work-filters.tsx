import { ATTRIBUTION_VALUE_MAX_LENGTH, OWNER_FILTERS, type OwnerFilter, type WorkItemKind } from '@brightwave/common';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { channelFilterChanged, overdueFilterChanged, ownerFilterChanged, selectTableParams, type TableKey } from '../../app/tables-slice';
import { SelectField, TextField } from '../../components/ui/fields';
import { useGetAssigneesQuery } from './workspace-api';

/** As the search: the list is asked again once the typing pauses. */
const CHANNEL_DEBOUNCE_MS = 300;

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

/** One channel filter: the whole source or medium, any case (`google`, `direct`, `email`…); empty is any. */
function ChannelFilter({ table, field, label, placeholder }: { table: TableKey; field: 'source' | 'medium'; label: string; placeholder: string }) {
  const chosen = useAppSelector((state) => selectTableParams(state, table))[field];
  const dispatch = useAppDispatch();
  const [typed, setTyped] = useState(chosen);

  useEffect(() => {
    if (typed === chosen) return;
    const timer = window.setTimeout(() => dispatch(channelFilterChanged({ table, [field]: typed })), CHANNEL_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, chosen, table, field, dispatch]);

  return (
    <div className="w-36">
      <TextField
        label={label}
        type="search"
        value={typed}
        maxLength={ATTRIBUTION_VALUE_MAX_LENGTH}
        placeholder={placeholder}
        onChange={(event) => setTyped(event.target.value)}
      />
    </div>
  );
}

/** The lists' filters by where the items came from: the attribution's source and medium. */
export function ChannelFilters({ table }: { table: TableKey }) {
  return (
    <>
      <ChannelFilter table={table} field="source" label="Source" placeholder="Any source" />
      <ChannelFilter table={table} field="medium" label="Medium" placeholder="Any medium" />
    </>
  );
}
