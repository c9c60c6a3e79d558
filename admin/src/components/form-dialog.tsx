import { Fragment, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from './ui/button';
import { Dialog } from './ui/dialog';

interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The edited item's id, or 'new'. */
  formKey: string;
  /** Wider for a form holding a question editor (a job's). */
  size?: 'lg' | 'xl';
  children: ReactNode;
}

/** The large dialog holding an add/edit form (SPEC §4: one form toggling add and edit mode). */
export function FormDialog({ open, title, onClose, formKey, size = 'lg', children }: FormDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose} size={size}>
      {/* Keyed so that switching item or mode starts from that item's values. */}
      <Fragment key={formKey}>{children}</Fragment>
    </Dialog>
  );
}

interface DialogFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
  /** The form's accessible name, when the dialog's title is not enough. */
  label?: string;
  /** `danger` for a submit that removes or resets something. */
  submitTone?: 'primary' | 'danger';
  className?: string;
}

/** The fields of an add/edit form, then Cancel and the submit button. */
export function DialogForm({ onSubmit, onCancel, submitLabel, busy, children, label, submitTone = 'primary', className = 'space-y-4' }: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} aria-label={label} className={className}>
      {children}
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className={buttonClasses('secondary')} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClasses(submitTone)} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
