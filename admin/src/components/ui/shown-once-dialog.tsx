import { toast } from 'react-toastify';
import { buttonClasses } from './button';
import { Dialog } from './dialog';
import { inputClasses, labelClasses } from './fields';

interface ShownOnceDialogProps {
  /** The secret, while the dialog is open; undefined closes it. */
  value: string | undefined;
  title: string;
  /** Why it is shown only now, and what to do with it. */
  description: string;
  /** The field's label ('API key'), and its id. */
  label: string;
  inputId: string;
  /** What the copy button copies, in words: 'key' gives "Copy key", "Copy failed: select the key and copy it". */
  what: string;
  copiedMessage: string;
  onClose: () => void;
}

/**
 * A secret the server answers only once (a webhook's signing secret, an API key): shown in a read-only field that
 * selects itself, with a button that copies it, and Done.
 */
export function ShownOnceDialog({ value, title, description, label, inputId, what, copiedMessage, onClose }: ShownOnceDialogProps) {
  async function onCopy() {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      toast.error(`Copy failed: select the ${what} and copy it`);
    }
  }
  return (
    <Dialog open={value !== undefined} title={title} onClose={onClose} description={description}>
      <label htmlFor={inputId} className={`${labelClasses} mt-4`}>
        {label}
      </label>
      <input id={inputId} readOnly className={`${inputClasses} font-mono`} value={value ?? ''} onFocus={(focus) => focus.target.select()} />
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonClasses('secondary')} onClick={onCopy}>
          Copy {what}
        </button>
        <button type="button" data-autofocus className={buttonClasses('primary')} onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
