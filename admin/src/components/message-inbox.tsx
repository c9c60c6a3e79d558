import { ADMIN_PAGE_SIZE, MESSAGES, SPAM_RETENTION_DAYS, type BadgeColor, type QuestionForm } from '@brightwave/common';
import { useEffect, useState } from 'react';
import { FiInbox } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useAppSelector } from '../app/hooks';
import { answerQueryOf, channelQueryOf, filterQueryOf, listQueryOf, selectTableParams, workQueryOf, type TableKey } from '../app/tables-slice';
import { useGetFormsQuery } from '../features/forms/forms-api';
import {
  INBOX_ITEM_KINDS,
  useGetInboxQuery,
  useSetInboxSpamMutation,
  useUpdateInboxStatusMutation,
  type InboxKind,
  type InboxRow,
  type InboxStatus,
} from '../features/inbox/inbox-api';
import { BulkAssignBar, selectColumn, useRowSelection } from '../features/workspace/bulk-assign';
import { followUpColumn, ownerColumn } from '../features/workspace/work-columns';
import {
  AnswerFilters,
  ChannelFilters,
  useAnswerFilterChips,
  useChannelFilterChips,
  useWorkFilterChips,
  WorkFilters,
} from '../features/workspace/work-filters';
import { workItemPath } from '../features/workspace/work-items';
import { errorMessage, logFailure } from '../lib/api-error';
import { titleCased } from '../lib/format';
import { useCsvExport } from '../lib/use-csv-export';
import { messageColumns, senderColumns, statusColumn } from './columns';
import { DataTable, type Column } from './data-table';
import { ListToolbar } from './list-toolbar';
import { PageHeader } from './page-header';
import { TablePagination } from './table-pagination';
import { useTableAddress } from './use-table-address';
import { buttonClasses } from './ui/button';
import { optionsOf } from './ui/fields';
import { StatusDialog } from './ui/status-dialog';
import { cardClasses } from './ui/table';

/** What sets one inbox apart from the other: its words, statuses and the columns between sender and text. */
export interface InboxConfig<Kind extends InboxKind> {
  table: Extract<TableKey, 'leads' | 'queries'>;
  /** Words of the screen: "Leads", "Quote requests", "lead"… */
  words: { title: string; region: string; caption: string; plural: string; singular: string; pager: string };
  statuses: readonly InboxStatus<Kind>[];
  labels: Record<InboxStatus<Kind>, string>;
  colors: Record<InboxStatus<Kind>, BadgeColor>;
  details: { columns: Column<InboxRow<Kind>>[] };
}

/** The form whose custom questions each inbox's items answer (docs/features/form-questions.md). */
const INBOX_FORMS = { leads: 'quote', contacts: 'contact' } as const satisfies Record<InboxKind, QuestionForm>;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The screens of leads and contact messages: the table with search, filter, sort, paging and CSV export, and the
 * status dialog (SPEC §2, §4). Fetch and status failures are only logged (SPEC §8). Beside the SPEC's columns, the
 * staff workspace's: each name opens the item's page; owner and follow-up, their filters, and bulk assignment.
 */
export function MessageInbox<Kind extends InboxKind>({ kind, config }: { kind: Kind; config: InboxConfig<Kind> }) {
  // The view an address names (a bookmark, a reload, the dashboard's counts) is set before the list is fetched.
  const applyingLink = useTableAddress(config.table);
  return applyingLink ? null : <InboxScreen kind={kind} config={config} />;
}

function InboxScreen<Kind extends InboxKind>({ kind, config }: { kind: Kind; config: InboxConfig<Kind> }) {
  type Row = InboxRow<Kind>;
  type Status = InboxStatus<Kind>;
  const { table, words, statuses, labels, colors, details } = config;
  const itemKind = INBOX_ITEM_KINDS[kind];
  const params = useAppSelector((state) => selectTableParams(state, table));
  // Suspected spam is nobody's work: its view has no owners, follow-ups or their filters; it keeps the channel's.
  const workQuery = { ...(params.spam ? {} : workQueryOf(params)), ...channelQueryOf(params), ...answerQueryOf(params) };
  const list = useGetInboxQuery({ kind, query: { ...listQueryOf(params, ADMIN_PAGE_SIZE), ...workQuery } });
  const { exporting, exportCsv } = useCsvExport(words.plural);
  const [updateStatus, { isLoading: updating }] = useUpdateInboxStatusMutation();
  const [setSpam, { isLoading: releasing, originalArgs: releasingArgs }] = useSetInboxSpamMutation();
  // The query is keyed by kind: its rows are this inbox's rows.
  const rows = (list.data?.rows ?? []) as Row[];
  const rowIds = rows.map((row) => row._id);
  const selection = useRowSelection(rowIds);
  const [editing, setEditing] = useState<Row | null>(null);
  const { isError, error } = list;
  const questions = useGetFormsQuery().data?.forms.find((form) => form.form === INBOX_FORMS[kind])?.questions ?? [];
  const chips = [...useWorkFilterChips(table, itemKind, !params.spam), ...useChannelFilterChips(table), ...useAnswerFilterChips(table, questions)];

  useEffect(() => {
    if (isError) logFailure(`${words.plural} fetch failed`, error);
  }, [isError, error, words.plural]);

  async function onChoose(status: Status) {
    if (!editing) return;
    try {
      await updateStatus({ kind, id: editing._id, status }).unwrap();
    } catch (failure) {
      logFailure(`${words.singular} status update failed`, failure);
    }
    setEditing(null);
  }

  async function onNotSpam(row: Row) {
    try {
      toast.success((await setSpam({ kind, id: row._id, spam: false }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.spamUpdateFailure));
    }
  }

  // Suspected spam: told to nobody until Not spam moves it to the inbox.
  const notSpamColumn: Column<Row> = {
    header: 'Spam',
    phone: 'field',
    cell: (row) => (
      <button
        type="button"
        className={buttonClasses('secondary')}
        aria-label={`Not spam: the ${words.singular} from ${row.name}`}
        disabled={releasing && releasingArgs?.id === row._id}
        onClick={() => onNotSpam(row)}
      >
        <FiInbox aria-hidden="true" /> Not spam
      </button>
    ),
  };

  // The server makes the file (and records the export in the audit log) from the list's current filter.
  function onExport(search: string) {
    return exportCsv(`/api/${kind}/export.csv`, { ...filterQueryOf({ ...params, q: search }), ...workQuery });
  }

  const Singular = capitalized(words.singular);
  return (
    <>
      <PageHeader title={words.title} />
      <section aria-label={words.region} className={cardClasses}>
        <ListToolbar
          table={table}
          noun={table}
          statusOptions={optionsOf(statuses, labels)}
          onExport={onExport}
          exporting={exporting}
          spamFilter
          followUpSort={!params.spam}
          shortcuts
          chips={chips}
        >
          {!params.spam && <WorkFilters table={table} kind={itemKind} />}
          <ChannelFilters table={table} kind={itemKind} />
          <AnswerFilters table={table} questions={questions} />
        </ListToolbar>
        {params.spam && (
          <p className="border-b border-gray-200 px-4 py-2 text-sm text-gray-700">
            Suspected spam (a hidden field was filled, or the form was sent within seconds). Nobody was notified; Not spam moves one to the inbox and sends its
            notifications. Spam is deleted after {SPAM_RETENTION_DAYS} days.
          </p>
        )}
        {!params.spam && <BulkAssignBar kind={itemKind} selection={selection} />}
        <DataTable
          caption={words.caption}
          rows={rows}
          isLoading={list.isLoading}
          isError={list.isError}
          isFetching={list.isFetching}
          onRetry={list.refetch}
          loadingLabel={`Loading ${table}…`}
          emptyText={params.spam ? `No suspected spam among the ${table}.` : `No ${table} found.`}
          queue={{
            pathOf: (row) => workItemPath(itemKind, row._id),
            toggle: params.spam ? undefined : (row) => selection.toggle(row._id, !selection.isSelected(row._id)),
          }}
          columns={[
            ...(params.spam ? [] : [selectColumn<Row>(selection, (row) => `the ${words.singular} from ${row.name}`)]),
            ...senderColumns<Row>((row) => workItemPath(itemKind, row._id)),
            ...details.columns,
            ...messageColumns<Row>(),
            ...(params.spam ? [] : [ownerColumn<Row>(), followUpColumn<Row>()]),
            statusColumn({
              labels,
              colors,
              subject: (row: Row) => `the ${words.singular} from ${row.name}`,
              onEdit: setEditing,
            }),
            ...(params.spam ? [notSpamColumn] : []),
          ]}
        />
        <TablePagination table={table} label={words.pager} total={list.data?.total} estimated={list.data?.totalEstimated} />
      </section>
      <StatusDialog
        open={editing !== null}
        title={`Update ${titleCased(words.singular)} Status`}
        subject={editing ? `${Singular} from ${editing.name}` : undefined}
        statuses={statuses}
        labels={labels}
        colors={colors}
        current={editing?.status}
        busy={updating}
        onChoose={onChoose}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
