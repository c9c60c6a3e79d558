import { MESSAGES, NOTE_MAX_LENGTH, type AdminAccount, type ItemNote } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { FiMessageSquare, FiRefreshCw, FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { ListStates } from '../../components/list-states';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { toastWithUndo } from '../../lib/undo-toast';
import { timeAgo, useNow } from '../../lib/time-ago';
import { activityFeed } from './activity-feed';
import { sectionClasses, sectionHeadingClasses } from './item-details';
import { canDeleteNote } from './work-items';
import { useAddNoteMutation, useDeleteNoteMutation, useGetTimelineQuery, type WorkItemRef } from './workspace-api';

interface ActivitySectionProps extends WorkItemRef {
  notes: readonly ItemNote[];
  account: Pick<AdminAccount, '_id' | 'role'> | undefined;
}

const authorOf = (note: ItemNote) => note.author?.name ?? 'A former admin';

/** "2 h ago", with the exact time shown on hover (its title) and on keyboard focus. */
function TimeAgo({ iso, now }: { iso: string; now: Date }) {
  const exact = formatDateTime(iso);
  return (
    <span className="group relative">
      {/* Focusable so that a keyboard shows the exact time as a pointer does; a screen reader reads it as the title. */}
      <time
        dateTime={iso}
        title={exact}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="rounded underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {timeAgo(iso, now)}
      </time>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-0 top-full z-10 mt-1 hidden whitespace-nowrap rounded bg-gray-900 px-2 py-1 text-xs text-white group-focus-within:block"
      >
        {exact}
      </span>
    </span>
  );
}

/**
 * Notes and timeline as one feed, the newest first: what staff wrote down (never shown to the sender) and everything
 * that happened to the item, as the server tells it (from the audit log and the outbox). Mails go out a moment after
 * a change: Refresh shows them sent.
 */
export function ActivitySection({ kind, id, notes, account }: ActivitySectionProps) {
  const headingId = useId();
  const counterId = useId();
  const now = useNow();
  const [text, setText] = useState('');
  const [toDelete, setToDelete] = useState<ItemNote | null>(null);
  const timeline = useGetTimelineQuery({ kind, id });
  const [addNote, { isLoading: adding }] = useAddNoteMutation();
  const [deleteNote, { isLoading: deleting }] = useDeleteNoteMutation();
  const events = timeline.currentData;
  const feed = activityFeed(notes, events ?? []);
  const isMine = (note: ItemNote) => account !== undefined && note.author?._id === account._id;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const note = text.trim();
    if (!note) return;
    try {
      toast.success((await addNote({ kind, id, text: note }).unwrap()).message);
      setText('');
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.noteFailure));
    }
  }

  async function onConfirmDelete() {
    if (!toDelete) return;
    const note = toDelete;
    try {
      const { message } = await deleteNote({ kind, id, noteId: note._id }).unwrap();
      // Undo writes the text again as a new note (by whoever undoes): offered for one's own notes only, so that
      // nobody's words come back under another's name.
      if (isMine(note)) {
        toastWithUndo({ message, what: 'note deleted', revert: () => addNote({ kind, id, text: note.text }).unwrap(), undone: 'Note restored' });
      } else {
        toast.success(message);
      }
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.noteDeleteFailure));
    }
    setToDelete(null);
  }

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className={sectionHeadingClasses}>
          Activity
        </h2>
        <button type="button" className={buttonClasses('secondary')} disabled={timeline.isFetching} onClick={() => void timeline.refetch()}>
          <FiRefreshCw aria-hidden="true" /> Refresh<span className="sr-only"> the activity</span>
        </button>
      </div>
      <p className="mt-1 text-sm text-gray-700">Notes are for staff only: the sender never sees them.</p>
      <form aria-label="Add a note" className="mt-3 space-y-2" onSubmit={onSubmit}>
        <TextAreaField
          label="New note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          aria-describedby={counterId}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={counterId} className="text-xs text-gray-700">
            {text.length} / {NOTE_MAX_LENGTH} characters
          </p>
          <button type="submit" className={buttonClasses('primary')} disabled={adding || !text.trim()}>
            Add note
          </button>
        </div>
      </form>
      <ListStates
        isLoading={!events && timeline.isFetching && notes.length === 0}
        isError={timeline.isError}
        count={feed.length}
        onRetry={() => void timeline.refetch()}
        loadingLabel="Loading the activity…"
        emptyText="Nothing has happened yet."
      >
        <ol aria-label="Activity, newest first" className="mt-4 space-y-3">
          {feed.map((entry, index) =>
            entry.kind === 'note' ? (
              <li key={`note-${entry.note._id}`}>
                <article
                  aria-label={`Note by ${authorOf(entry.note)}, ${formatDateTime(entry.note.createdAt)}`}
                  className="rounded-md border border-yellow-300 bg-yellow-50 p-3"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="flex items-center gap-1 text-xs text-gray-700">
                      <FiMessageSquare aria-hidden="true" />
                      <span className="font-semibold text-gray-900">{authorOf(entry.note)}</span> · <TimeAgo iso={entry.note.createdAt} now={now} />
                    </p>
                    {account && canDeleteNote(entry.note, account) && (
                      <button
                        type="button"
                        className={buttonClasses('ghost', 'px-2 py-1 text-red-700 hover:bg-red-50')}
                        aria-label={`Delete the note by ${authorOf(entry.note)}, ${formatDateTime(entry.note.createdAt)}`}
                        onClick={() => setToDelete(entry.note)}
                      >
                        <FiTrash2 aria-hidden="true" /> Delete
                      </button>
                    )}
                  </div>
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm text-gray-900">{entry.note.text}</p>
                </article>
              </li>
            ) : (
              <li key={`event-${entry.at}-${entry.event.type}-${index}`} className="border-l-2 border-gray-200 pl-3 text-sm">
                <p className="text-gray-900">{entry.event.detail}</p>
                <p className="text-xs text-gray-700">
                  <TimeAgo iso={entry.at} now={now} />
                  {entry.event.actor && <> · {entry.event.actor}</>}
                </p>
              </li>
            ),
          )}
        </ol>
      </ListStates>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete note"
        message={toDelete && isMine(toDelete) ? MESSAGES.ownNoteDeleteConfirm : MESSAGES.noteDeleteConfirm}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
