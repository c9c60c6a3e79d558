import { MESSAGES, UNDO_TOAST_MS } from '@brightwave/common';
import { toast, type Id } from 'react-toastify';
import { errorMessage } from './api-error';

/** A change already made, and how to revert it. */
interface Undoable {
  /** The toast's text: "Status changed to Contacted". */
  message: string;
  /** What Undo reverts, ending its accessible name ("Undo: status changed to Contacted"). */
  what: string;
  /** Reverts the change through the route that made it (so it is audited as any change); rejects with the server's failure. */
  revert: () => Promise<unknown>;
  /** The confirmation once reverted: "Status back to New". */
  undone: string;
}

const undoButtonClasses =
  'shrink-0 rounded border border-white px-2 py-0.5 text-sm font-semibold text-white underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The content of an undo toast: the message and its Undo button, named for what it undoes (its visible "Undo" first, WCAG 2.5.3). */
function UndoToast({ message, what, onUndo }: { message: string; what: string; onUndo: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span>{message}</span>
      <button type="button" className={undoButtonClasses} aria-label={`Undo: ${what}`} onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}

/** The undo toast on screen, if any: one at a time. */
let shown: Id | undefined;

/**
 * A success toast with Undo, shown for UNDO_TOAST_MS (longer than the others: there is something to do in it; it
 * pauses while the pointer is over it or the window is left). The change is made already; Undo closes the toast,
 * reverts it and says so, or shows the server's reason when the revert is refused. The focus, lost with the toast's
 * button, goes back to the control that made the change when that is still on the page. A new undo toast replaces the
 * one shown: two would hold both places of TOAST_LIMIT, and every other toast would wait its turn for seconds.
 */
export function toastWithUndo({ message, what, revert, undone }: Undoable): void {
  const origin = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  let used = false;
  if (shown !== undefined) toast.dismiss(shown);
  shown = toast.success(
    ({ closeToast }) => (
      <UndoToast
        message={message}
        what={what}
        onUndo={() => {
          if (used) return;
          used = true;
          closeToast();
          if (origin?.isConnected) origin.focus();
          void revert().then(
            () => toast.success(undone),
            (failure: unknown) => toast.error(errorMessage(failure, MESSAGES.undoFailure)),
          );
        }}
      />
    ),
    { autoClose: UNDO_TOAST_MS, closeOnClick: false },
  );
}
