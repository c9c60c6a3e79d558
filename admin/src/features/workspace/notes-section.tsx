import { MESSAGES, NOTE_MAX_LENGTH, type AdminAccount, type ItemNote, type WorkItemKind } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { sectionClasses, sectionHeadingClasses } from './item-details';
import { canDeleteNote, newestFirst } from './work-items';
import { useAddNoteMutation, useDeleteNoteMutation } from './workspace-api';

interface NotesSectionProps {
  kind: WorkItemKind;
  id: string;
  notes: readonly ItemNote[];
  account: Pick<AdminAccount, '_id' | 'role'> | undefined;
}

const authorOf = (note: ItemNote) => note.author?.name ?? 'A former admin';

/** What staff wrote down about the item, newest first (never shown to the visitor). */
export function NotesSection({ kind, id, notes, account }: NotesSectionProps) {
  const headingId = useId();
  const counterId = useId();
  const [text, setText] = useState('');
  const [toDelete, setToDelete] = useState<ItemNote | null>(null);
  const [addNote, { isLoading: adding }] = useAddNoteMutation();
  const [deleteNote, { isLoading: deleting }] = useDeleteNoteMutation();

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
    try {
      toast.success((await deleteNote({ kind, id, noteId: toDelete._id }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.noteDeleteFailure));
    }
    setToDelete(null);
  }

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        Notes
      </h2>
      <p className="mt-1 text-sm text-gray-700">For staff only: the sender never sees them.</p>
      <form aria-label="Add a note" className="mt-3 space-y-2" onSubmit={onSubmit}>
        <TextAreaField
          label="New note"
          rows={4}
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
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">No notes yet.</p>
      ) : (
        <ol aria-label="Notes, newest first" className="mt-4 space-y-3">
          {newestFirst(notes).map((note) => {
            const written = `${authorOf(note)}, ${formatDateTime(note.createdAt)}`;
            return (
              <li key={note._id}>
                <article aria-label={`Note by ${written}`} className="rounded-md border border-gray-200 p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <p className="text-xs text-gray-700">
                      <span className="font-semibold text-gray-900">{authorOf(note)}</span> ·{' '}
                      <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                    </p>
                    {account && canDeleteNote(note, account) && (
                      <button
                        type="button"
                        className={buttonClasses('ghost', 'px-2 py-1 text-red-700 hover:bg-red-50')}
                        aria-label={`Delete the note by ${written}`}
                        onClick={() => setToDelete(note)}
                      >
                        <FiTrash2 aria-hidden="true" /> Delete
                      </button>
                    )}
                  </div>
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm text-gray-900">{note.text}</p>
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete note"
        message={MESSAGES.noteDeleteConfirm}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
