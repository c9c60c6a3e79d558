import { useId } from 'react';
import { FiRefreshCw } from 'react-icons/fi';
import { ListStates } from '../../components/list-states';
import { buttonClasses } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { sectionClasses, sectionHeadingClasses } from './item-details';
import { useGetTimelineQuery, type WorkItemRef } from './workspace-api';

/**
 * Everything that happened to the item, oldest first, as the server tells it (from the audit log and the outbox). Mails
 * go out a moment after a change: Refresh shows them sent.
 */
export function TimelineSection(item: WorkItemRef) {
  const headingId = useId();
  const { currentData: events, isFetching, isError, refetch } = useGetTimelineQuery(item);
  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className={sectionHeadingClasses}>
          Timeline
        </h2>
        <button type="button" className={buttonClasses('secondary')} disabled={isFetching} onClick={() => void refetch()}>
          <FiRefreshCw aria-hidden="true" /> Refresh<span className="sr-only"> the timeline</span>
        </button>
      </div>
      <ListStates
        isLoading={!events && isFetching}
        isError={isError}
        count={events?.length ?? 0}
        onRetry={() => void refetch()}
        loadingLabel="Loading the timeline…"
        emptyText="Nothing has happened yet."
      >
        <ol aria-label="Timeline, oldest first" className="mt-4 space-y-3 border-l-2 border-gray-200 pl-4">
          {(events ?? []).map((event, index) => (
            <li key={`${event.at}-${event.type}-${index}`} className="text-sm">
              <p className="text-xs text-gray-700">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.actor && <> · {event.actor}</>}
              </p>
              <p className="text-gray-900">{event.detail}</p>
            </li>
          ))}
        </ol>
      </ListStates>
    </section>
  );
}
