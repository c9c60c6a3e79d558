import { MESSAGES, REJECTION_DELAY_HOURS } from '@brightwave/common';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-error';
import { useGetCandidateEmailSettingsQuery, useSendCandidateEmailMutation } from './hiring-api';
import { afterRejectionDelay } from './reject-dialog';

interface RejectionMailOfferProps {
  application: { _id: string; fullName: string };
  /** A choice was made (the mail queued or scheduled, or none wanted). */
  onDone: () => void;
}

/**
 * After an application was set to Rejected in the SPEC's Applications modal (whose status change stays immediate):
 * the rejection template, in 48 hours, now, or not at all. Not a dialog: nothing else in the modal waits for it.
 * Nothing is offered while no rejection template is set.
 */
export function RejectionMailOffer({ application, onDone }: RejectionMailOfferProps) {
  const { data } = useGetCandidateEmailSettingsQuery();
  const [send, { isLoading: sending }] = useSendCandidateEmailMutation();
  const headingId = useId();
  const template = data?.templates.find((one) => one._id === data.settings.rejectionTemplateId);
  if (!template) return null;

  async function onSend(sendAt: string | null) {
    try {
      toast.success((await send({ id: application._id, templateId: template?._id ?? null, sendAt }).unwrap()).message);
      onDone();
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.candidateEmailSendFailure));
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm">
      <h4 id={headingId} className="font-medium text-gray-900">
        Send {application.fullName} the rejection e-mail ({template.name})?
      </h4>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={buttonClasses('primary', 'px-3 py-1')} disabled={sending} onClick={() => void onSend(afterRejectionDelay())}>
          In {REJECTION_DELAY_HOURS} hours
        </button>
        <button type="button" className={buttonClasses('secondary', 'px-3 py-1')} disabled={sending} onClick={() => void onSend(null)}>
          Now
        </button>
        <button type="button" className={buttonClasses('ghost', 'px-3 py-1')} disabled={sending} onClick={onDone}>
          Don&apos;t send
        </button>
      </div>
    </section>
  );
}
