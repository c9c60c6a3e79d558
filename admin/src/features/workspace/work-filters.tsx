import { OWNER_FILTERS, REPORT_PERIODS, type OwnerFilter, type ReportPeriod, type WorkItemKind } from '@brightwave/common';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { channelFilterChanged, overdueFilterChanged, ownerFilterChanged, selectTableParams, type TableKey } from '../../app/tables-slice';
import { SelectField } from '../../components/ui/fields';
import { useGetChannelsQuery } from '../dashboard/dashboard-api';
import { channelChoices } from './channel-choices';
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

/**
 * The period whose channels are the filters' choices: the longest the dashboard reports (its "Submissions by
 * channel", the same cached answer), so no extra endpoint and query; older values stay reachable by a link.
 */
const CHOICES_PERIOD: ReportPeriod = Math.max(...REPORT_PERIODS) as ReportPeriod;

/** One channel filter: the whole source or medium, any case (`google`, `direct`, `email`…), among the values met; empty is any. */
function ChannelFilter({
  table,
  kind,
  field,
  label,
  placeholder,
}: {
  table: TableKey;
  kind: WorkItemKind;
  field: 'source' | 'medium';
  label: string;
  placeholder: string;
}) {
  const chosen = useAppSelector((state) => selectTableParams(state, table))[field];
  const dispatch = useAppDispatch();
  const channels = useGetChannelsQuery(CHOICES_PERIOD).data?.channels ?? [];
  return (
    <div className="w-40">
      <SelectField
        label={label}
        value={chosen.trim()}
        placeholder={placeholder}
        options={channelChoices(channels, kind, field, chosen)}
        onChange={(event) => dispatch(channelFilterChanged({ table, [field]: event.target.value }))}
      />
    </div>
  );
}

/** The lists' filters by where the items came from: the attribution's source and medium, as values the items have. */
export function ChannelFilters({ table, kind }: { table: TableKey; kind: WorkItemKind }) {
  return (
    <>
      <ChannelFilter table={table} kind={kind} field="source" label="Source" placeholder="Any source" />
      <ChannelFilter table={table} kind={kind} field="medium" label="Medium" placeholder="Any medium" />
    </>
  );
}
