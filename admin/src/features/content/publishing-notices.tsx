import { MESSAGES, type ContentPageDetails, type ContentVersionSummary } from '@brightwave/common';
import { FiAlertTriangle, FiCalendar, FiExternalLink } from 'react-icons/fi';
import { buttonClasses } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { timeAgo, useNow } from '../../lib/time-ago';
import type { DocumentEditor } from './use-document-editor';

/** What the editors of site pages, built pages and case studies show of a document's schedule. */
interface ScheduleNoticesProps {
  scheduledAt: string | null;
  scheduledVersionId: string | null;
  draftVersionId: string;
  failedSchedule: ContentPageDetails['failedSchedule'];
  /** A field's name as the editor's form shows it, for the refusals of a schedule that failed. */
  labelOf: (path: string) => string;
  busy: boolean;
  onCancel: () => void;
}

/**
 * The pending schedule with its Cancel (and a warning when the draft moved on since it was scheduled), and the last
 * schedule that failed with the fields it was refused for.
 */
function ScheduleNotices({ scheduledAt, scheduledVersionId, draftVersionId, failedSchedule, labelOf, busy, onCancel }: ScheduleNoticesProps) {
  const stale = scheduledAt !== null && scheduledVersionId !== draftVersionId;
  return (
    <>
      {scheduledAt && (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-blue-50 p-3 text-blue-950">
          <div className="flex-1">
            <p>
              <FiCalendar aria-hidden="true" className="mr-1 inline" />
              Scheduled to publish on <strong>{formatDateTime(scheduledAt)}</strong>. A schedule publishes the version that was scheduled.
            </p>
            {stale && <p className="mt-1 font-medium text-red-800">The draft changed since it was scheduled; schedule again to include the changes</p>}
          </div>
          <button type="button" className={buttonClasses('secondary', 'px-3 py-1')} disabled={busy} onClick={onCancel}>
            Cancel schedule
          </button>
        </div>
      )}
      {failedSchedule && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <p>
            <FiAlertTriangle aria-hidden="true" className="mr-1 inline" />
            Due on <strong>{formatDateTime(failedSchedule.runAt)}</strong>: {MESSAGES.contentScheduleFailed}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(failedSchedule.errors).map(([path, message]) => (
              <li key={path}>
                {labelOf(path)}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The signed preview link the editor opened last, with how long it works. */
function PreviewLinkNotice({ link }: { link: { href: string; expiresAt: string } | null }) {
  if (!link) return null;
  return (
    <p>
      Preview link, valid until {formatDateTime(link.expiresAt)}:{' '}
      <a href={link.href} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
        Open the preview <FiExternalLink aria-hidden="true" className="inline" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

/** What the status line reads of a versioned document. */
type VersionedDocument = { draftVersionId: string; versions: ContentVersionSummary[] };

/** What the publishing notices read of a document: its versions and its schedule. */
type ScheduledDocument = VersionedDocument & Pick<ScheduleNoticesProps, 'scheduledAt' | 'scheduledVersionId' | 'failedSchedule'>;

/**
 * What every document editor (site pages, built pages, posts, case studies) shows under its status badges: where the
 * document stands, its schedule with Cancel or the schedule that failed, and the preview link once opened.
 */
export function PublishingNotices({
  document,
  editor,
  labelOf,
  busy,
}: {
  document: ScheduledDocument;
  editor: Pick<DocumentEditor, 'cancelSchedule' | 'previewLink'>;
  labelOf: (path: string) => string;
  busy: boolean;
}) {
  return (
    <>
      <PublishingStatusLine document={document} />
      <ScheduleNotices
        scheduledAt={document.scheduledAt}
        scheduledVersionId={document.scheduledVersionId}
        draftVersionId={document.draftVersionId}
        failedSchedule={document.failedSchedule}
        labelOf={labelOf}
        busy={busy}
        onCancel={() => void editor.cancelSchedule()}
      />
      <PreviewLinkNotice link={editor.previewLink} />
    </>
  );
}

/**
 * One line that says where a document stands: "Draft saved 2 min ago · Published 28 Nov 2026, 15:02", or
 * "… · Never published". The exact time of the save is on hover.
 */
function PublishingStatusLine({ document }: { document: VersionedDocument }) {
  const now = useNow();
  const draft = document.versions.find((version) => version._id === document.draftVersionId);
  const lastPublished = document.versions.reduce<string | null>(
    (latest, version) => (version.publishedAt && (!latest || version.publishedAt > latest) ? version.publishedAt : latest),
    null,
  );
  return (
    <p>
      {draft && (
        <>
          Draft saved{' '}
          <time dateTime={draft.createdAt} title={formatDateTime(draft.createdAt)}>
            {timeAgo(draft.createdAt, now)}
          </time>
          {' · '}
        </>
      )}
      {lastPublished ? (
        <>
          Published <time dateTime={lastPublished}>{formatDateTime(lastPublished)}</time>
        </>
      ) : (
        'Never published'
      )}
    </p>
  );
}
