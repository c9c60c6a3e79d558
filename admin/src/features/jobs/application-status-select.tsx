import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_COLORS,
  APPLICATION_STATUS_LABELS,
  MESSAGES,
  type ApplicationStatus,
  type JobApplication,
} from '@brightwave/common';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { badgeColorClasses } from '../../components/ui/status-badge';
import { toastWithUndo } from '../../lib/undo-toast';
import { useUpdateApplicationStatusMutation } from './jobs-api';

interface ApplicationStatusSelectProps {
  application: Pick<JobApplication, '_id' | 'job' | 'fullName' | 'status'>;
  /**
   * When given, choosing Rejected calls it instead of setting the status (the application's page asks about the
   * rejection e-mail first); the select keeps showing the present status until the status really changes.
   */
  onReject?: () => void;
  /** Called once the server changed the status (the SPEC's Applications modal then offers the rejection e-mail). */
  onChanged?: (status: ApplicationStatus) => void;
  /** The success toast offers Undo: the previous status, set through the same route (the application's page). */
  undoable?: boolean;
}

/** SPEC §4: an application's status is set through a dropdown; SPEC §8: the outcome in a toast. */
export function ApplicationStatusSelect({ application, onReject, onChanged, undoable = false }: ApplicationStatusSelectProps) {
  const [updateStatus] = useUpdateApplicationStatusMutation();
  const selectId = useId();

  async function onStatusChange(status: ApplicationStatus) {
    if (status === 'rejected' && onReject) {
      onReject();
      return;
    }
    const { _id: id, job: jobId, status: previous } = application;
    try {
      await updateStatus({ id, jobId, status }).unwrap();
      if (undoable) {
        toastWithUndo({
          message: MESSAGES.applicationStatusUpdated,
          what: `status changed to ${APPLICATION_STATUS_LABELS[status]}`,
          revert: () => updateStatus({ id, jobId, status: previous }).unwrap(),
          undone: `Status back to ${APPLICATION_STATUS_LABELS[previous]}`,
        });
      } else {
        toast.success(MESSAGES.applicationStatusUpdated);
      }
      onChanged?.(status);
    } catch {
      toast.error(MESSAGES.applicationStatusFailure);
    }
  }

  return (
    <div>
      <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-gray-800">
        Status<span className="sr-only"> of {application.fullName}</span>
      </label>
      <select
        id={selectId}
        value={application.status}
        onChange={(event) => onStatusChange(event.target.value as ApplicationStatus)}
        className={`rounded-md border border-gray-400 px-3 py-2 text-sm font-semibold focus:outline-2 focus:outline-blue-600 ${badgeColorClasses(
          APPLICATION_STATUS_COLORS[application.status],
        )}`}
      >
        {APPLICATION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {APPLICATION_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
