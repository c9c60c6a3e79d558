import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';

/** What a publishing step's failure toasts when the server gives no message of its own. */
export const PUBLISHING_FAILURES = {
  save: 'Failed to save the draft',
  preview: 'Failed to make a preview link',
  publish: 'Failed to publish the page',
  schedule: 'Failed to schedule the publish',
  cancel: 'Failed to cancel the scheduled publish',
  restore: 'Failed to restore the version',
};

/**
 * The publishing steps both editors share (site content and pages built from blocks): publishing now and scheduling,
 * each after saving what is typed, and cancelling a schedule. A publish refused because the draft no longer fits the
 * rules goes to `showRefusedDraft`, which marks its fields; a refused time stays in the schedule dialog.
 */
export function usePublishing(options: {
  dirty: boolean;
  /** Saves the form as the draft; whether it did. */
  saveDraft: (announce: boolean) => Promise<boolean>;
  /** Publishes now, or at `at`. */
  publish: (at?: string) => Promise<{ message: string }>;
  cancelSchedule: () => Promise<{ message: string }>;
  showRefusedDraft: (failure: unknown, fallback: string) => void;
}) {
  const { dirty, saveDraft, publish, cancelSchedule, showRefusedDraft } = options;
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [scheduleError, setScheduleError] = useState<string | undefined>();

  async function publishNow() {
    if (!dirty || (await saveDraft(false))) {
      try {
        toast.success((await publish()).message);
      } catch (failure) {
        showRefusedDraft(failure, PUBLISHING_FAILURES.publish);
      }
    }
    setConfirmingPublish(false);
  }

  async function schedule(at: string) {
    if (dirty && !(await saveDraft(false))) {
      setScheduling(false);
      return;
    }
    try {
      const answer = await publish(at);
      toast.success(`${answer.message} for ${formatDateTime(at)}`);
      setScheduleError(undefined);
      setScheduling(false);
    } catch (failure) {
      const timeError = fieldErrorsOf(failure).at;
      setScheduleError(timeError);
      if (timeError) toast.error(errorMessage(failure, PUBLISHING_FAILURES.schedule));
      else {
        setScheduling(false);
        showRefusedDraft(failure, PUBLISHING_FAILURES.schedule);
      }
    }
  }

  async function cancel() {
    try {
      toast.success((await cancelSchedule()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, PUBLISHING_FAILURES.cancel));
    }
  }

  return {
    confirmingPublish,
    askToPublish: () => setConfirmingPublish(true),
    stopAskingToPublish: () => setConfirmingPublish(false),
    publishNow,
    scheduling,
    scheduleError,
    openSchedule: () => {
      setScheduleError(undefined);
      setScheduling(true);
    },
    closeSchedule: () => setScheduling(false),
    schedule,
    cancel,
  };
}
