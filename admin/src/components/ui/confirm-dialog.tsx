import { Dialog } from './dialog';
import { buttonClasses } from './button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Accessible confirmation (alertdialog): the question is its description, Cancel is focused first. */
export function ConfirmDialog({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onCancel} role="alertdialog" size="sm" description={message}>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" data-autofocus className={buttonClasses('secondary')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClasses('danger')} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
