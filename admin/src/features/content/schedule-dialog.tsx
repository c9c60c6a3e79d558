import { addHours, addYears, format, startOfHour } from 'date-fns';
import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { errorAttributes, FieldError, inputClasses, labelClasses } from '../../components/ui/fields';

/** The value format of a datetime-local input (local time, to the minute). */
const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";

interface ScheduleDialogProps {
  open: boolean;
  /** Unsaved changes are saved before the schedule is set. */
  dirty: boolean;
  busy: boolean;
  /** The server's word on the time, when it refused it. */
  serverError: string | undefined;
  /** The chosen time as an ISO string. */
  onSchedule: (at: string) => void;
  onClose: () => void;
}

/** When to publish the draft: a local date and time in the future, within a year (the server checks it again). */
export function ScheduleDialog({ open, dirty, busy, serverError, onSchedule, onClose }: ScheduleDialogProps) {
  return (
    <Dialog open={open} title="Schedule publish" onClose={onClose}>
      {/* Mounted with the dialog (it renders nothing while closed): each opening starts afresh. */}
      <ScheduleForm dirty={dirty} busy={busy} serverError={serverError} onSchedule={onSchedule} onClose={onClose} />
    </Dialog>
  );
}

function ScheduleForm({ dirty, busy, serverError, onSchedule, onClose }: Omit<ScheduleDialogProps, 'open'>) {
  const inputId = useId();
  const [now] = useState(() => new Date());
  const [value, setValue] = useState(() => format(startOfHour(addHours(now, 2)), LOCAL_MINUTE));
  const [error, setError] = useState<string | undefined>();
  const shownError = error ?? serverError;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A datetime-local value has no zone: Date reads it as the browser's local time.
    const at = new Date(value);
    if (!value || Number.isNaN(at.getTime()) || at.getTime() <= Date.now() || at > addYears(new Date(), 1)) {
      setError('Choose a date and time in the future, within a year');
      return;
    }
    setError(undefined);
    onSchedule(at.toISOString());
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-gray-700">
        The draft as it is now is published at that time{dirty ? ', after your unsaved changes are saved' : ''}. Changes saved later are not included: schedule
        again to include them.
      </p>
      <div>
        <label htmlFor={inputId} className={labelClasses}>
          Publish on ({timeZone})
        </label>
        <input
          id={inputId}
          type="datetime-local"
          data-autofocus
          required
          className={inputClasses}
          min={format(now, LOCAL_MINUTE)}
          max={format(addYears(now, 1), LOCAL_MINUTE)}
          value={value}
          {...errorAttributes(inputId, shownError)}
          onChange={(event) => setValue(event.target.value)}
        />
        <FieldError controlId={inputId} error={shownError} />
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className={buttonClasses('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClasses('primary')} disabled={busy}>
          {busy ? 'Scheduling…' : 'Schedule publish'}
        </button>
      </div>
    </form>
  );
}
