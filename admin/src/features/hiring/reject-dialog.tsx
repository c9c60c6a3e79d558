import { MESSAGES, REJECTION_DELAY_HOURS, type CandidateEmailTemplate } from '@brightwave/common';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-error';
import { useBulkUpdateApplicationsMutation, useGetCandidateEmailSettingsQuery } from './hiring-api';

type MailChoice = 'later' | 'now' | 'none';

const CHOICE_LABELS: Record<MailChoice, string> = {
  later: `Send the rejection e-mail in ${REJECTION_DELAY_HOURS} hours`,
  now: 'Send it now',
  none: "Don't send an e-mail",
};

/** The ISO time REJECTION_DELAY_HOURS from now: when a rejection's mail goes out unless sent now. */
export function afterRejectionDelay(): string {
  return new Date(Date.now() + REJECTION_DELAY_HOURS * 3_600_000).toISOString();
}

/** What a choice sends: the template REJECTION_DELAY_HOURS from now or now (a null sendAt), or no mail at all. */
function mailOf(choice: MailChoice, templateId: string): { templateId: string | null; sendAt: string | null } {
  if (choice === 'none') return { templateId: null, sendAt: null };
  return { templateId, sendAt: choice === 'later' ? afterRejectionDelay() : null };
}

export interface RejectDialogProps {
  /** The applications to reject; the dialog is open while there is at least one. */
  applications: readonly { _id: string; fullName: string }[];
  /** Cancel, Escape or Close: nothing was changed. */
  onClose: () => void;
  /** The applications were rejected (and the answer toasted); the caller closes the dialog. */
  onDone: () => void;
}

/**
 * Sets one application or several to rejected, offering the rejection template of Settings → Candidate e-mails: sent
 * REJECTION_DELAY_HOURS later (the default, so a hasty rejection can still be undone), now, or not at all. One bulk
 * call, so the statuses and the mails are changed together or not at all.
 */
export function RejectDialog({ applications, onClose, onDone }: RejectDialogProps) {
  const title = applications.length === 1 ? `Reject ${applications[0]?.fullName ?? ''}?` : `Reject ${applications.length} applications?`;
  return (
    <Dialog open={applications.length > 0} title={title} onClose={onClose} size="sm">
      {/* Mounted per opening, so every opening starts from the default choice. */}
      <RejectForm applications={applications} onClose={onClose} onDone={onDone} />
    </Dialog>
  );
}

function RejectForm({ applications, onClose, onDone }: RejectDialogProps) {
  const settings = useGetCandidateEmailSettingsQuery();
  const [bulkUpdate, { isLoading: saving }] = useBulkUpdateApplicationsMutation();
  const [picked, setPicked] = useState<MailChoice | null>(null);

  const templateId = settings.data?.settings.rejectionTemplateId ?? null;
  // A template deleted since it was chosen is no template.
  const template: CandidateEmailTemplate | undefined = settings.data?.templates.find((one) => one._id === templateId);
  const choices: MailChoice[] = template ? ['later', 'now', 'none'] : ['none'];
  const choice: MailChoice = template ? (picked ?? 'later') : 'none';
  const several = applications.length > 1;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const mail = mailOf(choice, template?._id ?? '');
    try {
      const answer = await bulkUpdate({ ids: applications.map((one) => one._id), status: 'rejected', ...mail }).unwrap();
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.applicationStatusFailure));
    }
  }

  return (
    <form onSubmit={onSubmit}>
      <p className="text-sm text-gray-700">{several ? 'Their status will be Rejected.' : 'The status will be Rejected.'}</p>
      {settings.isLoading ? (
        <p role="status" className="mt-4 text-sm text-gray-700">
          Loading the candidate e-mail settings…
        </p>
      ) : (
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-gray-800">Rejection e-mail</legend>
          {template ? (
            <p className="mt-1 text-sm text-gray-700">
              Template: {template.name}
              {several && '. Each candidate gets their own e-mail.'}
            </p>
          ) : (
            <p className="mt-1 text-sm text-gray-700">
              {settings.isError
                ? 'The candidate e-mail settings could not be loaded, so no e-mail can be sent from here.'
                : 'No rejection template is set in Settings → Candidate e-mails, so no e-mail can be sent from here.'}
            </p>
          )}
          <div className="mt-3 space-y-2">
            {choices.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-gray-900">
                <input
                  type="radio"
                  name="rejection-mail"
                  className="h-4 w-4"
                  value={value}
                  checked={choice === value}
                  onChange={() => setPicked(value)}
                  data-autofocus={choice === value ? true : undefined}
                />
                {CHOICE_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonClasses('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClasses('danger')} disabled={saving || settings.isLoading}>
          {several ? `Reject ${applications.length} applications` : 'Reject'}
        </button>
      </div>
    </form>
  );
}
