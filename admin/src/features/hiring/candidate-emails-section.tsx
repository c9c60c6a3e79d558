import { MESSAGES, CANDIDATE_EMAIL_STATUS_LABELS, type CandidateEmail } from '@brightwave/common';
import { useId, useState } from 'react';
import { FiX } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { badgeClasses } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { sectionClasses, sectionHeadingClasses } from '../workspace/item-details';
import { useCancelCandidateEmailMutation, useGetCandidateEmailsQuery } from './hiring-api';
import { WriteEmailForm } from './write-candidate-email-form';

/** When a mail went, goes or would have gone out, as its status says. */
function timeOf(email: CandidateEmail): string {
  const at = formatDateTime(email.sendAt);
  switch (email.status) {
    case 'scheduled':
      return `Scheduled for ${at}`;
    case 'queued':
      return `Queued ${at}`;
    case 'sending':
      return `Sending since ${at}`;
    case 'sent':
      return `Sent ${formatDateTime(email.sentAt ?? email.sendAt)}`;
    case 'failed':
      return `Could not be delivered (due ${at})`;
    case 'cancelled':
      return `Cancelled (was scheduled for ${at})`;
  }
}

/**
 * An application's mails to the candidate (docs/features/hiring.md): those sent, going out and scheduled (a scheduled
 * one can be cancelled), and a form to write one from a template, preview it and send it now or later.
 */
export function CandidateEmailsSection({ id, fullName }: { id: string; fullName: string }) {
  const headingId = useId();
  const { data: emails, isLoading, isError, refetch } = useGetCandidateEmailsQuery(id);
  const [cancel, { isLoading: cancelling }] = useCancelCandidateEmailMutation();
  const [toCancel, setToCancel] = useState<CandidateEmail | null>(null);

  async function onConfirmCancel() {
    if (!toCancel) return;
    try {
      toast.success((await cancel({ id, emailId: toCancel._id }).unwrap()).message);
    } catch (failure) {
      // 409: it went out meanwhile; the list is fetched again either way.
      toast.error(errorMessage(failure, MESSAGES.candidateEmailCancelFailure));
    }
    setToCancel(null);
  }

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        E-mails to the candidate
      </h2>
      {isLoading ? (
        <Loading label="Loading the e-mails…" />
      ) : !emails ? (
        isError && <LoadError onRetry={() => void refetch()} />
      ) : emails.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">No e-mails yet.</p>
      ) : (
        <ul aria-label="E-mails to the candidate" className="mt-3 space-y-3">
          {emails.map((email) => (
            <li key={email._id}>
              <article aria-label={email.subject} className="rounded-md border border-gray-200 p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-semibold text-gray-900">{email.subject}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-700">
                      <span className={badgeClasses('gray')}>{CANDIDATE_EMAIL_STATUS_LABELS[email.status]}</span>
                      <span>
                        {timeOf(email)} by {email.sentBy?.name ?? 'a former admin'}
                      </span>
                    </p>
                  </div>
                  {email.status === 'scheduled' && (
                    <button
                      type="button"
                      className={buttonClasses('ghost', 'px-2 py-1 text-red-700 hover:bg-red-50')}
                      aria-label={`Cancel the e-mail ${email.subject}`}
                      onClick={() => setToCancel(email)}
                    >
                      <FiX aria-hidden="true" /> Cancel
                    </button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <WriteEmailForm id={id} />
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel the scheduled e-mail"
        message={`“${toCancel?.subject ?? ''}” will not be sent to ${fullName}.`}
        confirmLabel="Cancel the e-mail"
        busy={cancelling}
        onConfirm={onConfirmCancel}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}
