import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  BULK_APPLICATIONS_MAX,
  isClosedStatus,
  MESSAGES,
  RATING_SCORES,
  REJECTION_DELAY_HOURS,
  type ApplicationStatus,
  type PipelineCard,
  type PipelineColumn,
} from '@brightwave/common';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { differenceInDays } from 'date-fns';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { FiArrowLeft, FiCalendar, FiFileText, FiX } from 'react-icons/fi';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { inputClasses, optionsOf, SelectField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage } from '../../lib/api-error';
import { formatDate, formatDateTime } from '../../lib/format';
import { toastWithUndo } from '../../lib/undo-toast';
import { interviewSummaryText } from '../interviews/interview-summary';
import { InviteInterviewDialog } from '../interviews/invite-interview-dialog';
import { useUpdateApplicationStatusMutation } from '../jobs/jobs-api';
import { useRowSelection, type RowSelection } from '../workspace/bulk-assign';
import { OwnerName } from '../workspace/work-badges';
import { countOf, workItemPath } from '../workspace/work-items';
import { boardBackLink, type BackLinkState } from '../workspace/back-link';
import {
  hiringApi,
  useBulkUpdateApplicationsMutation,
  useCancelCandidateEmailMutation,
  useGetCandidateEmailSettingsQuery,
  useGetPipelineQuery,
} from './hiring-api';
import { afterRejectionDelay, RejectDialog } from './reject-dialog';
import { ResumePanel } from './resume-panel';

const isNotFound = (error: unknown) => (error as FetchBaseQueryError | undefined)?.status === 404;
const HIGHEST_SCORE = Math.max(...RATING_SCORES);

/** The board's columns in the spec's order, each status once (a status without applications has an empty column). */
function columnsInOrder(columns: readonly PipelineColumn[]): PipelineColumn[] {
  return APPLICATION_STATUSES.map((status) => columns.find((column) => column.status === status) ?? { status, total: 0, cards: [] });
}

/** Moves a card between the columns of a cached board (newest first, as the server lists them), before the server answers. */
function moveCard(columns: PipelineColumn[], card: PipelineCard, status: ApplicationStatus, at: string): void {
  const from = columns.find((column) => column.status === card.status);
  const to = columns.find((column) => column.status === status);
  const index = from?.cards.findIndex((one) => one._id === card._id) ?? -1;
  if (!from || !to || index < 0) return;
  from.cards.splice(index, 1);
  from.total -= 1;
  to.cards.push({ ...card, status, statusChangedAt: at });
  to.cards.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  to.total += 1;
}

/** "3 days in Reviewed", counted in whole days since the card got its status. */
function timeInStatus(card: PipelineCard, now: Date): string {
  const days = differenceInDays(now, new Date(card.statusChangedAt));
  const label = APPLICATION_STATUS_LABELS[card.status];
  return days < 1 ? `Less than a day in ${label}` : `${days} ${days === 1 ? 'day' : 'days'} in ${label}`;
}

function BackLink() {
  return (
    <Link to="/jobs" className="mt-1 inline-flex items-center gap-1 text-sm text-blue-800 underline">
      <FiArrowLeft aria-hidden="true" /> Back to Jobs
    </Link>
  );
}

/**
 * `/admin/jobs/:id/pipeline` (docs/features/hiring.md): a job's applications in a column per status. A card moves by
 * drag and drop or by its Move control; a move to rejected asks about the rejection e-mail first. Cards chosen with
 * their checkboxes change together, with a template's mail, through the bulk toolbar. A card says where its
 * interview stands and invites the candidate to one (docs/features/booking.md, "Interviews").
 */
export function PipelinePage() {
  const { id: jobId = '' } = useParams();
  const [knockedOut, setKnockedOut] = useState(false);
  const boardQuery = { jobId, knockedOut };
  const { currentData, data, isFetching, isError, error, refetch } = useGetPipelineQuery(boardQuery);
  // currentData: another job's board never shows the previous job's cards while it loads; the same job's board
  // stays while the other filter's loads (and the filter's checkbox with it).
  const board = currentData ?? (data?.job._id === jobId ? data : undefined);
  const dispatch = useAppDispatch();
  const [updateStatus] = useUpdateApplicationStatusMutation();
  const [toReject, setToReject] = useState<PipelineCard[]>([]);
  const [dragged, setDragged] = useState<PipelineCard | null>(null);
  // A moved card is another element in another column: its Move control takes the focus once it is there.
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [resumeOf, setResumeOf] = useState<PipelineCard | null>(null);
  const [mailToCancel, setMailToCancel] = useState<PipelineCard | null>(null);
  const [toInvite, setToInvite] = useState<PipelineCard | null>(null);
  const [cancelMail, { isLoading: cancelling }] = useCancelCandidateEmailMutation();

  /** Cancels the card's scheduled mail; its Cancel button goes with it, so the focus goes to the card's Move control. */
  async function onConfirmCancel() {
    const card = mailToCancel;
    if (!card?.scheduledEmail) return;
    try {
      toast.success((await cancelMail({ id: card._id, emailId: card.scheduledEmail._id }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.candidateEmailCancelFailure));
    }
    setMailToCancel(null);
    setFocusTarget({ id: card._id, status: card.status });
  }

  const columns = columnsInOrder(board?.columns ?? []);
  const selection = useRowSelection(columns.flatMap((column) => column.cards.map((card) => card._id)));

  /** Moves the card through the status route, shown on the board at once (and put back if the server refuses). */
  async function move(card: PipelineCard, status: ApplicationStatus) {
    setFocusTarget({ id: card._id, status });
    const patch = dispatch(
      hiringApi.util.updateQueryData('getPipeline', boardQuery, (draft) => moveCard(draft.columns, card, status, new Date().toISOString())),
    );
    try {
      await updateStatus({ id: card._id, jobId, status }).unwrap();
    } catch (failure) {
      patch.undo();
      setFocusTarget({ id: card._id, status: card.status });
      throw failure;
    }
  }

  /**
   * A move to rejected asks about the rejection e-mail (and offers no Undo: a mail sent cannot be taken back); any
   * other is made at once, with Undo in its toast: the card moved back the same way.
   */
  async function onMove(card: PipelineCard, status: ApplicationStatus) {
    if (status === card.status) return;
    if (status === 'rejected') {
      setToReject([card]);
      return;
    }
    try {
      await move(card, status);
    } catch {
      toast.error(MESSAGES.applicationStatusFailure);
      return;
    }
    toastWithUndo({
      message: MESSAGES.applicationStatusUpdated,
      what: `${card.fullName} moved to ${APPLICATION_STATUS_LABELS[status]}`,
      revert: () => move({ ...card, status }, card.status),
      undone: `${card.fullName} back in ${APPLICATION_STATUS_LABELS[card.status]}`,
    });
  }

  if (!board) {
    if (isFetching) return <Loading label="Loading the pipeline…" />;
    if (isError && isNotFound(error)) {
      return (
        <PageHeader title="Job not found">
          <p className="mt-1 text-sm text-gray-700">It does not exist, or it was deleted.</p>
          <BackLink />
        </PageHeader>
      );
    }
    return (
      <>
        <PageHeader title="Pipeline">
          <BackLink />
        </PageHeader>
        <LoadError onRetry={() => void refetch()} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={`Pipeline: ${board.job.title}`}>
        <BackLink />
        <p className="mt-2 max-w-2xl text-sm text-gray-700">
          Drag a card to another column, or choose a status under its Move control. Select cards to change several at once.
        </p>
        <label className="mt-3 flex items-center gap-2 text-sm font-medium text-gray-800">
          <input type="checkbox" className="h-4 w-4" checked={knockedOut} onChange={(event) => setKnockedOut(event.target.checked)} />
          Knocked out only
        </label>
      </PageHeader>
      <BulkToolbar selection={selection} />
      {/* Five columns side by side: they fit a 1440 px screen; a narrower one scrolls the board sideways (and only the board:
          the inline-size containment keeps its width out of the page's, and, positioned, it clips its cards' visually hidden text). */}
      <div className="relative -mx-1 overflow-x-auto px-1 pb-2 [contain:inline-size]">
        <div className="grid min-w-[62rem] grid-cols-5 gap-3">
          {columns.map((column) => (
            <BoardColumn
              key={column.status}
              back={boardBackLink(jobId, board.job.title)}
              column={column}
              selection={selection}
              dragged={dragged}
              onDrag={setDragged}
              onMove={onMove}
              focusTarget={focusTarget}
              onFocusTaken={() => setFocusTarget(null)}
              onViewResume={setResumeOf}
              onCancelMail={setMailToCancel}
              onInvite={setToInvite}
            />
          ))}
        </div>
      </div>
      <RejectDialog
        applications={toReject}
        onClose={() => setToReject([])}
        onDone={() => {
          const [card] = toReject;
          if (card) setFocusTarget({ id: card._id, status: 'rejected' });
          setToReject([]);
        }}
      />
      <ResumePanel application={resumeOf} onClose={() => setResumeOf(null)} />
      <InviteInterviewDialog application={toInvite} onClose={() => setToInvite(null)} />
      <ConfirmDialog
        open={mailToCancel !== null}
        title="Cancel the scheduled e-mail"
        message={`“${mailToCancel?.scheduledEmail?.subject ?? ''}” will not be sent to ${mailToCancel?.fullName ?? ''}.`}
        confirmLabel="Cancel the e-mail"
        busy={cancelling}
        onConfirm={() => void onConfirmCancel()}
        onCancel={() => setMailToCancel(null)}
      />
    </>
  );
}

/** The card whose Move control takes the focus when it is shown with this status. */
interface FocusTarget {
  id: string;
  status: ApplicationStatus;
}

interface BoardColumnProps {
  /** The router state of the cards' links: the application's page links back to this board. */
  back: BackLinkState;
  column: PipelineColumn;
  selection: RowSelection;
  /** The card being dragged, if any: a column other than its own takes the drop. */
  dragged: PipelineCard | null;
  onDrag: (card: PipelineCard | null) => void;
  onMove: (card: PipelineCard, status: ApplicationStatus) => Promise<void>;
  focusTarget: FocusTarget | null;
  onFocusTaken: () => void;
  onViewResume: (card: PipelineCard) => void;
  onCancelMail: (card: PipelineCard) => void;
  onInvite: (card: PipelineCard) => void;
}

function BoardColumn({ back, column, selection, dragged, onDrag, onMove, focusTarget, onFocusTaken, onViewResume, onCancelMail, onInvite }: BoardColumnProps) {
  const headingId = useId();
  const [over, setOver] = useState(false);
  const { status, total, cards } = column;
  const label = APPLICATION_STATUS_LABELS[status];
  const takesDrop = dragged !== null && dragged.status !== status;
  const allSelected = cards.length > 0 && cards.every((card) => selection.isSelected(card._id));

  function onDragOver(event: DragEvent) {
    if (!takesDrop) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  }

  function onDragLeave(event: DragEvent) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (dragged && takesDrop) void onMove(dragged, status);
    onDrag(null);
  }

  return (
    <section
      aria-labelledby={headingId}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={`flex min-w-0 flex-col rounded-lg border bg-gray-50 p-2 ${over ? 'border-blue-600 ring-2 ring-blue-600' : 'border-gray-200'}`}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          <span className={badgeClasses(APPLICATION_STATUS_COLORS[status])}>{label}</span>{' '}
          <span className="ml-1">
            {total}
            <span className="sr-only"> {total === 1 ? 'application' : 'applications'}</span>
          </span>
        </h2>
        {cards.length > 0 && (
          <label className="flex items-center gap-1 text-xs text-gray-700">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={allSelected}
              onChange={(event) => cards.forEach((card) => selection.toggle(card._id, event.target.checked))}
            />
            Select all<span className="sr-only"> in {label}</span>
          </label>
        )}
      </div>
      {total > cards.length && <p className="mb-2 text-xs text-gray-700">Showing the newest {cards.length}</p>}
      {cards.length === 0 ? (
        <p className="py-4 text-center text-sm text-gray-700">No applications</p>
      ) : (
        <ul className="space-y-2">
          {cards.map((card) => (
            <li key={card._id}>
              <BoardCard
                back={back}
                card={card}
                selection={selection}
                onDrag={onDrag}
                onMove={onMove}
                takeFocus={focusTarget?.id === card._id && focusTarget.status === status}
                onFocusTaken={onFocusTaken}
                onViewResume={onViewResume}
                onCancelMail={onCancelMail}
                onInvite={onInvite}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The average rating with its scale ("★ 3.5 of 4 (2)"), read out in words. */
function RatingSummary({ average, ratingCount }: Pick<PipelineCard, 'average' | 'ratingCount'>) {
  if (average === null || ratingCount === 0) return <p>Not rated</p>;
  const shown = average.toFixed(1);
  const words = `Average rating ${shown} of ${HIGHEST_SCORE} from ${ratingCount} ${ratingCount === 1 ? 'rating' : 'ratings'}`;
  return (
    <p>
      <span aria-hidden="true" title={words}>
        ★ {shown} of {HIGHEST_SCORE} ({ratingCount})
      </span>
      <span className="sr-only">{words}</span>
    </p>
  );
}

/** A knocked-out card's badge: the question whose answer knocked the application out is in its title and read out. */
function KnockoutBadge({ question }: { question: string | null }) {
  if (question === null) return null;
  const words = `by the answer to “${question}”`;
  return (
    <p className="mt-1">
      <span className={badgeClasses('red')} title={`Knocked out ${words}`}>
        Knocked out<span className="sr-only"> {words}</span>
      </span>
    </p>
  );
}

interface BoardCardProps {
  back: BackLinkState;
  card: PipelineCard;
  selection: RowSelection;
  onDrag: (card: PipelineCard | null) => void;
  onMove: (card: PipelineCard, status: ApplicationStatus) => Promise<void>;
  takeFocus: boolean;
  onFocusTaken: () => void;
  onViewResume: (card: PipelineCard) => void;
  onCancelMail: (card: PipelineCard) => void;
  onInvite: (card: PipelineCard) => void;
}

/**
 * A card's scheduled mail (a rejected card's rejection mail): when it goes out, and Cancel (the application page's
 * DELETE; it asks first). There is no route to send a scheduled mail at once.
 */
function ScheduledEmailNote({ card, onCancel }: { card: PipelineCard; onCancel: () => void }) {
  const mail = card.scheduledEmail;
  if (!mail) return null;
  const what = card.status === 'rejected' ? 'Rejection e-mail' : 'E-mail';
  return (
    <div className="mt-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-gray-900">
      <p>
        {what} scheduled for <time dateTime={mail.sendAt}>{formatDateTime(mail.sendAt)}</time>
      </p>
      <button type="button" className="mt-0.5 inline-flex items-center gap-1 font-medium text-red-800 underline" onClick={onCancel}>
        <FiX aria-hidden="true" /> Cancel
        <span className="sr-only">
          {' '}
          the {what.toLowerCase()} to {card.fullName}
        </span>
      </button>
    </div>
  );
}

/** Out of sight (yet in the tab order) until the pointer is over the card or the focus is in it. */
const MOVE_CONTROL_ON_DEMAND = 'sr-only group-focus-within:not-sr-only group-focus-within:mt-2 group-hover:not-sr-only group-hover:mt-2';

/**
 * An article, not a button: it holds a link, a checkbox and the Move control, each its own control. The card is
 * compact: its Move control shows while the pointer is over the card or the focus is in it, and is always in the tab
 * order (hidden from sight only, it is reached by Tab and then shown). The name opens the application's page, whose
 * back link returns here.
 */
function BoardCard({ back, card, selection, onDrag, onMove, takeFocus, onFocusTaken, onViewResume, onCancelMail, onInvite }: BoardCardProps) {
  const nameId = useId();
  const moveId = useId();
  const moveSelect = useRef<HTMLSelectElement>(null);
  const [target, setTarget] = useState<ApplicationStatus | ''>('');
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    if (!takeFocus) return;
    moveSelect.current?.focus();
    onFocusTaken();
  }, [takeFocus, onFocusTaken]);

  function onDragStart(event: DragEvent) {
    // Firefox starts a drag only when it carries data.
    event.dataTransfer.setData('text/plain', card.fullName);
    event.dataTransfer.effectAllowed = 'move';
    onDrag(card);
  }

  // A choice is confirmed with the button: a select that acted on every change would move the card on each arrow key.
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    setMoving(true);
    await onMove(card, target);
    setMoving(false);
    setTarget('');
  }

  return (
    <article
      aria-labelledby={nameId}
      draggable
      onDragStart={onDragStart}
      onDragEnd={() => onDrag(null)}
      className="group cursor-grab rounded-md border border-gray-200 bg-white p-2 text-sm shadow-sm active:cursor-grabbing"
    >
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0"
          aria-label={`Select ${card.fullName}`}
          checked={selection.isSelected(card._id)}
          onChange={(event) => selection.toggle(card._id, event.target.checked)}
        />
        <h3 id={nameId} className="min-w-0 break-words font-semibold text-gray-900">
          <Link to={workItemPath('application', card._id)} state={back} className="text-blue-800 underline">
            {card.fullName}
          </Link>
        </h3>
      </div>
      <KnockoutBadge question={card.knockout} />
      <div className="mt-1 space-y-0.5 text-xs text-gray-700">
        <p>Applied {formatDate(card.createdAt)}</p>
        <RatingSummary average={card.average} ratingCount={card.ratingCount} />
        <p>{timeInStatus(card, new Date())}</p>
        <p>
          Owner: <OwnerName owner={card.owner} />
        </p>
        {card.interview && <p>{interviewSummaryText(card.interview)}</p>}
        <div className="flex flex-wrap gap-x-3">
          <button type="button" className="inline-flex items-center gap-1 font-medium text-blue-800 underline" onClick={() => onViewResume(card)}>
            <FiFileText aria-hidden="true" /> Resume<span className="sr-only"> of {card.fullName}</span>
          </button>
          {/* A rejected or hired candidate is not invited (the server refuses it too). */}
          {!isClosedStatus('application', card.status) && (
            <button type="button" className="inline-flex items-center gap-1 font-medium text-blue-800 underline" onClick={() => onInvite(card)}>
              <FiCalendar aria-hidden="true" /> Invite to interview<span className="sr-only"> {card.fullName}</span>
            </button>
          )}
        </div>
      </div>
      <ScheduledEmailNote card={card} onCancel={() => onCancelMail(card)} />
      {/* A move chosen but not yet made stays in sight. */}
      <form className={`flex items-end gap-2 ${target ? 'mt-2' : MOVE_CONTROL_ON_DEMAND}`} onSubmit={onSubmit}>
        <div className="min-w-0 flex-1">
          <label htmlFor={moveId} className="mb-1 block text-xs font-medium text-gray-800">
            Move<span className="sr-only"> {card.fullName}</span> to
          </label>
          <select
            ref={moveSelect}
            id={moveId}
            className={`${inputClasses} py-1`}
            value={target}
            onChange={(event) => setTarget(event.target.value as ApplicationStatus | '')}
          >
            <option value="">Choose a status</option>
            {APPLICATION_STATUSES.filter((status) => status !== card.status).map((status) => (
              <option key={status} value={status}>
                {APPLICATION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses('secondary', 'px-3 py-1')} disabled={!target || moving}>
          Move<span className="sr-only"> {card.fullName}</span>
        </button>
      </form>
    </article>
  );
}

type When = 'now' | 'later';
const WHEN_OPTIONS: { value: When; label: string }[] = [
  { value: 'now', label: 'Now' },
  { value: 'later', label: `In ${REJECTION_DELAY_HOURS} hours` },
];

/** "Applications updated: 3 applications, 3 e-mails scheduled". */
function bulkSummary(message: string, updated: number, scheduled: number): string {
  const mails = scheduled > 0 ? `, ${scheduled} ${scheduled === 1 ? 'e-mail' : 'e-mails'} scheduled` : '';
  return `${message}: ${countOf('application', updated)}${mails}`;
}

/** The chosen cards to one status, with a template's mail now or REJECTION_DELAY_HOURS later: one bulk call. */
function BulkToolbar({ selection }: { selection: RowSelection }) {
  const settings = useGetCandidateEmailSettingsQuery();
  const [bulkUpdate, { isLoading: saving }] = useBulkUpdateApplicationsMutation();
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [templateId, setTemplateId] = useState('');
  const [when, setWhen] = useState<When>('now');
  const limitId = useId();
  // The form goes once nothing is selected: the focus goes to the count, which says so.
  const summary = useRef<HTMLParagraphElement>(null);
  const count = selection.selected.length;
  const tooMany = count > BULK_APPLICATIONS_MAX;
  const templates = settings.data?.templates ?? [];

  function clearSelection() {
    selection.clear();
    summary.current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!status || count === 0 || tooMany) return;
    const sendAt = templateId && when === 'later' ? afterRejectionDelay() : null;
    try {
      const answer = await bulkUpdate({ ids: selection.selected, status, templateId: templateId || null, sendAt }).unwrap();
      toast.success(bulkSummary(answer.message, answer.updated, answer.scheduled));
      clearSelection();
      setStatus('');
      setTemplateId('');
      setWhen('now');
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.applicationStatusFailure));
    }
  }

  return (
    <div className={`${cardClasses} mb-4 px-4 py-3`}>
      <p ref={summary} tabIndex={-1} className="text-sm text-gray-700 focus:outline-none" aria-live="polite">
        {count > 0 ? `${count} selected` : 'No applications selected.'}
      </p>
      {count > 0 && (
        <form aria-label="Change the selected applications" className="mt-2 flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
          {tooMany && (
            <p id={limitId} className="w-full text-sm font-medium text-red-800">
              Select at most {BULK_APPLICATIONS_MAX} applications at a time: {count} are selected.
            </p>
          )}
          <div className="w-48">
            <SelectField
              label="Set status to"
              placeholder="Choose a status"
              value={status}
              options={optionsOf(APPLICATION_STATUSES, APPLICATION_STATUS_LABELS)}
              onChange={(event) => setStatus(event.target.value as ApplicationStatus | '')}
            />
          </div>
          <div className="w-56">
            <SelectField
              label="With e-mail"
              placeholder="No e-mail"
              value={templateId}
              options={templates.map((template) => ({ value: template._id, label: template.name }))}
              onChange={(event) => setTemplateId(event.target.value)}
            />
          </div>
          {templateId && (
            <div className="w-40">
              <SelectField label="When" value={when} options={WHEN_OPTIONS} onChange={(event) => setWhen(event.target.value as When)} />
            </div>
          )}
          <button type="submit" className={buttonClasses('primary')} disabled={!status || tooMany || saving} aria-describedby={tooMany ? limitId : undefined}>
            Apply<span className="sr-only"> to the selected applications</span>
          </button>
          <button type="button" className={buttonClasses('ghost')} onClick={clearSelection}>
            Clear selection
          </button>
        </form>
      )}
    </div>
  );
}
