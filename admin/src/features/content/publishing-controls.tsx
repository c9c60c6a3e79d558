import type { ReactNode } from 'react';
import { FiCalendar, FiEye, FiSave, FiSend } from 'react-icons/fi';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScheduleDialog } from './schedule-dialog';
import type { DocumentEditor } from './use-document-editor';

/** What the buttons and dialogs read of an editor (useDocumentEditor). */
type Publishing = Pick<
  DocumentEditor,
  | 'dirty'
  | 'publishable'
  | 'saving'
  | 'preview'
  | 'askToPublish'
  | 'openSchedule'
  | 'confirmingPublish'
  | 'publishNow'
  | 'stopAskingToPublish'
  | 'scheduling'
  | 'scheduleError'
  | 'schedule'
  | 'closeSchedule'
  | 'toRestore'
  | 'restore'
  | 'stopRestoring'
>;

interface PublishingButtonsProps {
  editor: Publishing;
  /** Some step of the editor is under way (its own, or one of the page's such as a delete). */
  busy: boolean;
  /** The form the Save draft button submits, when the buttons are outside it. */
  formId?: string;
  className?: string;
  /** More buttons after Schedule… (a Delete). */
  children?: ReactNode;
}

/** Save draft, Preview, Publish now (the primary action) and Schedule…, the same in every editor. */
export function PublishingButtons({ editor, busy, formId, className = 'flex flex-wrap gap-2', children }: PublishingButtonsProps) {
  return (
    <div className={className}>
      <button type="submit" form={formId} className={buttonClasses('secondary')} disabled={!editor.dirty || busy}>
        <FiSave aria-hidden="true" /> {editor.saving ? 'Saving…' : 'Save draft'}
      </button>
      <button type="button" className={buttonClasses('secondary')} disabled={busy} onClick={() => void editor.preview()}>
        <FiEye aria-hidden="true" /> Preview
      </button>
      <button type="button" className={buttonClasses('primary')} disabled={!editor.publishable || busy} onClick={editor.askToPublish}>
        <FiSend aria-hidden="true" /> Publish now
      </button>
      <button type="button" className={buttonClasses('secondary')} disabled={!editor.publishable || busy} onClick={editor.openSchedule}>
        <FiCalendar aria-hidden="true" /> Schedule…
      </button>
      {children}
    </div>
  );
}

interface PublishingDialogsProps {
  editor: Publishing;
  busy: boolean;
  /** What is published, for the question ("the draft of About", "the story of Shopwise"). */
  what: string;
  /** Where and when visitors see it once published ("Visitors see it within a few seconds."). */
  seenWhere: string;
  /** A publish is scheduled (publishing now cancels it). */
  scheduled: boolean;
}

/** The three confirmations every editor asks: publish now, publish at a time, and make a version the draft. */
export function PublishingDialogs({ editor, busy, what, seenWhere, scheduled }: PublishingDialogsProps) {
  return (
    <>
      <ConfirmDialog
        open={editor.confirmingPublish}
        title="Publish now"
        message={`Publish ${what} now? ${seenWhere}${editor.dirty ? ' Your unsaved changes are saved first.' : ''}${
          scheduled ? ' The scheduled publish is cancelled.' : ''
        }`}
        confirmLabel="Publish"
        busy={busy}
        onConfirm={editor.publishNow}
        onCancel={editor.stopAskingToPublish}
      />
      <ScheduleDialog
        open={editor.scheduling}
        dirty={editor.dirty}
        busy={busy}
        serverError={editor.scheduleError}
        onSchedule={editor.schedule}
        onClose={editor.closeSchedule}
      />
      <ConfirmDialog
        open={editor.toRestore !== null}
        title="Restore version"
        message={`Make this version the draft? The current draft stays in the history, and nothing is published until you publish it.${
          editor.dirty ? ' Your unsaved changes are lost.' : ''
        }`}
        confirmLabel="Restore"
        busy={busy}
        onConfirm={editor.restore}
        onCancel={editor.stopRestoring}
      />
    </>
  );
}
