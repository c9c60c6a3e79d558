import { INTERVIEW_MESSAGES, INTERVIEW_STATE_LABELS, type Interview } from '@brightwave/common';
import { useId, useState } from 'react';
import { FiCalendar, FiX } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { badgeClasses } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { sectionClasses, sectionHeadingClasses } from '../workspace/item-details';
import { callTimeText } from '../workspace/upcoming-calls';
import { InviteInterviewDialog } from './invite-interview-dialog';
import { useCancelInterviewMutation, useGetInterviewsQuery } from './interviews-api';

/** An invitation a recruiter can still cancel: its link still works, or its time is booked. */
const isOpen = (interview: Interview) => interview.state === 'invited' || interview.state === 'booked';

const namesOf = (interview: Interview) => interview.interviewers.map((interviewer) => interviewer.name).join(', ');

/** "Tue 3 Dec, 10:00–10:45" once booked; else when it was sent and, while it waits, until when its link works. */
function timeOf(interview: Interview): string {
  if (interview.start && interview.end) return callTimeText(interview.start, interview.end);
  const sent = `Sent ${formatDateTime(interview.createdAt)}`;
  return interview.state === 'invited' ? `${sent}, link works until ${formatDateTime(interview.expiresAt)}` : sent;
}

/** What the confirmation says will happen: a booked interview still to come is cancelled and everyone told. */
function cancelQuestion(interview: Interview, fullName: string, now: Date): string {
  if (interview.state === 'booked' && interview.start && interview.end && new Date(interview.end) > now) {
    return `The interview with ${fullName} on ${callTimeText(interview.start, interview.end)} will be cancelled, and the candidate and the interviewers told.`;
  }
  return `The link sent to ${fullName} will no longer book a time.`;
}

/**
 * An application's interview invitations (docs/features/booking.md, "Interviews"), newest first: each one's state,
 * interviewers and booked time, Cancel interview on one still open (after a confirmation), and Invite to interview
 * (not for a rejected or hired application: the server refuses it).
 */
export function InterviewSection({ id, fullName, closed }: { id: string; fullName: string; closed: boolean }) {
  const headingId = useId();
  const { data: interviews, isLoading, isError, refetch } = useGetInterviewsQuery(id);
  const [cancel, { isLoading: cancelling }] = useCancelInterviewMutation();
  const [toCancel, setToCancel] = useState<Interview | null>(null);
  const [inviting, setInviting] = useState(false);

  async function onConfirmCancel() {
    if (!toCancel) return;
    try {
      toast.success((await cancel({ id, interviewId: toCancel._id }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, INTERVIEW_MESSAGES.cancelFailure));
    }
    setToCancel(null);
  }

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className={sectionHeadingClasses}>
          Interview
        </h2>
        {!closed && (
          <button type="button" className={buttonClasses('secondary', 'px-3 py-1.5')} onClick={() => setInviting(true)}>
            <FiCalendar aria-hidden="true" /> Invite to interview
          </button>
        )}
      </div>
      {closed && <p className="mt-1 text-sm text-gray-700">{INTERVIEW_MESSAGES.applicationClosed}.</p>}
      {isLoading ? (
        <Loading label="Loading the interviews…" />
      ) : !interviews ? (
        isError && <LoadError onRetry={() => void refetch()} />
      ) : interviews.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">No interview invitations yet.</p>
      ) : (
        <ol aria-label="Interview invitations, newest first" className="mt-3 space-y-3">
          {interviews.map((interview) => (
            <li key={interview._id} className="rounded-md border border-gray-200 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-1 text-sm text-gray-900">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className={badgeClasses('gray')}>{INTERVIEW_STATE_LABELS[interview.state]}</span>
                    {interview.start ? <time dateTime={interview.start}>{timeOf(interview)}</time> : <span>{timeOf(interview)}</span>}
                  </p>
                  <p className="break-words">
                    With {namesOf(interview)} · {interview.minutes} minutes
                  </p>
                  <p className="text-xs text-gray-700">Invited by {interview.invitedBy?.name ?? 'a former admin'}</p>
                </div>
                {isOpen(interview) && (
                  <button type="button" className={buttonClasses('ghost', 'px-2 py-1 text-red-700 hover:bg-red-50')} onClick={() => setToCancel(interview)}>
                    <FiX aria-hidden="true" /> Cancel interview
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <InviteInterviewDialog application={inviting ? { _id: id, fullName } : null} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel the interview"
        message={toCancel ? cancelQuestion(toCancel, fullName, new Date()) : ''}
        confirmLabel="Cancel the interview"
        busy={cancelling}
        onConfirm={() => void onConfirmCancel()}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}
