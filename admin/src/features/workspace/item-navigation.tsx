import { ADMIN_PAGE_SIZE, LIST_MAX_LIMIT, type WorkItemKind } from '@brightwave/common';
import { FiChevronLeft, FiChevronRight } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { answerQueryOf, channelQueryOf, listQueryOf, pageChanged, selectTableParams, workQueryOf, type TableParams } from '../../app/tables-slice';
import { buttonClasses } from '../../components/ui/button';
import { useGetInboxQuery, type InboxKind } from '../inbox/inbox-api';
import { useGetApplicationsQuery } from '../jobs/jobs-api';
import { useBackLinkState } from './back-link';
import { neighboursOf, type Neighbour } from './item-neighbours';
import { senderOf, WORK_ITEM_NOUNS, workItemPath } from './work-items';

type InboxItemKind = Exclude<WorkItemKind, 'application'>;

/** Each inbox kind's list: its endpoint and its table's page, search, filters and sort (app/tables-slice). */
const INBOX_LISTS = { lead: { inbox: 'leads', table: 'leads' }, contact: { inbox: 'contacts', table: 'queries' } } as const satisfies Record<
  InboxItemKind,
  { inbox: InboxKind; table: 'leads' | 'queries' }
>;

/** The query of a page of the list, as the list asks it (components/message-inbox.tsx), so the two share the cache. */
function listPageQuery(params: TableParams, page: number) {
  return {
    ...listQueryOf({ ...params, page }, ADMIN_PAGE_SIZE),
    ...(params.spam ? {} : workQueryOf(params)),
    ...channelQueryOf(params),
    ...answerQueryOf(params),
  };
}

/** Opened without the list (a mail's link, My work, a related item), or no longer in its filter: the newest items, by creation date. */
const BY_CREATION = { page: 1, limit: LIST_MAX_LIMIT, sort: 'newest' } as const;

interface Step {
  id: string;
  name: string;
  /** Called when followed: the list turns to the neighbour's page, so that Back to the list shows it. */
  onFollow?: () => void;
}

/**
 * Previous and next lead (or contact message) in the order of the list the admin came from: its page, search,
 * filters and sort, as they are kept while the admin moves between screens; at a page's edge, the page before or
 * after. An item not on that page is placed among the newest items by creation date.
 */
export function InboxItemNavigation({ kind, id }: { kind: InboxItemKind; id: string }) {
  const { inbox, table } = INBOX_LISTS[kind];
  const dispatch = useAppDispatch();
  const params = useAppSelector((state) => selectTableParams(state, table));
  const here = useGetInboxQuery({ kind: inbox, query: listPageQuery(params, params.page) });
  const page = {
    page: params.page,
    rows: here.currentData?.rows ?? [],
    hasPrevious: params.page > 1,
    hasNext: params.page * ADMIN_PAGE_SIZE < (here.currentData?.total ?? 0),
  };
  const onPage = neighboursOf(id, page);
  const before = useGetInboxQuery({ kind: inbox, query: listPageQuery(params, params.page - 1) }, { skip: !onPage.needsPreviousPage });
  const after = useGetInboxQuery({ kind: inbox, query: listPageQuery(params, params.page + 1) }, { skip: !onPage.needsNextPage });
  const inList = neighboursOf(id, page, before.currentData?.rows, after.currentData?.rows);
  const byCreation = useGetInboxQuery({ kind: inbox, query: BY_CREATION }, { skip: !here.currentData || inList.found });
  const fallback = neighboursOf(id, { page: 1, rows: byCreation.currentData?.rows ?? [], hasPrevious: false, hasNext: false });

  const stepTo = (neighbour: Neighbour<{ _id: string; name: string }> | null, fromList: boolean): Step | null =>
    neighbour && {
      id: neighbour.row._id,
      name: neighbour.row.name,
      onFollow: fromList && neighbour.page !== params.page ? () => dispatch(pageChanged({ table, page: neighbour.page })) : undefined,
    };
  const found = inList.found ? inList : fallback;
  return <Steps kind={kind} previous={stepTo(found.previous, inList.found)} next={stepTo(found.next, inList.found)} />;
}

/** Previous and next application of the same job, in the order of the job's Applications. */
export function ApplicationNavigation({ id, jobId }: { id: string; jobId: string }) {
  const list = useGetApplicationsQuery(jobId);
  const { previous, next } = neighboursOf(id, { page: 1, rows: list.currentData?.applications ?? [], hasPrevious: false, hasNext: false });
  const stepTo = (neighbour: typeof previous): Step | null => neighbour && { id: neighbour.row._id, name: senderOf(neighbour.row) };
  return <Steps kind="application" previous={stepTo(previous)} next={stepTo(next)} />;
}

function Steps({ kind, previous, next }: { kind: WorkItemKind; previous: Step | null; next: Step | null }) {
  // Opened from the board, the neighbours' pages link back to it too.
  const back = useBackLinkState();
  if (!previous && !next) return null;
  const noun = WORK_ITEM_NOUNS[kind];
  return (
    <nav aria-label={`Other ${noun}s`} className="flex flex-wrap gap-2">
      {previous && (
        <Link to={workItemPath(kind, previous.id)} state={back} title={previous.name} className={buttonClasses('secondary')} onClick={previous.onFollow}>
          <FiChevronLeft aria-hidden="true" /> Previous {noun}
        </Link>
      )}
      {next && (
        <Link to={workItemPath(kind, next.id)} state={back} title={next.name} className={buttonClasses('secondary')} onClick={next.onFollow}>
          Next {noun} <FiChevronRight aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
