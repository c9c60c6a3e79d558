import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_LABELS,
  canUse,
  DEFAULT_INTERVIEW_MINUTES,
  DEFAULT_STATUS_ON_BOOKING,
  INTERVIEW_LIMITS,
  INTERVIEW_MESSAGES,
  type ApplicationStatus,
  type InterviewInvitationPayload,
  type Interviewer,
} from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, fieldErrorId, labelClasses, optionsOf, SelectField, TextAreaField, TextField } from '../../components/ui/fields';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { useGetAccountQuery } from '../account/account-api';
import { useGetCandidateEmailSettingsQuery } from '../hiring/hiring-api';
import { useGetInterviewersQuery, useInviteToInterviewMutation } from './interviews-api';

const BUILT_IN_INVITATION = 'Built-in invitation';

export interface InviteInterviewDialogProps {
  /** The application whose candidate is invited; the dialog is open while there is one. */
  application: { _id: string; fullName: string } | null;
  /** Cancel, Escape, Close, or the invitation sent (its answer toasted). */
  onClose: () => void;
}

/**
 * "Invite to interview" (docs/features/booking.md, "Interviews"), from an application's page and from its card on the
 * board: the interviewers (those who cannot be booked shown with why, and not choosable), the interview's length,
 * the status once the candidate books, and the mail: the built-in invitation with an optional message, or a template
 * of Settings → Candidate e-mails.
 */
export function InviteInterviewDialog({ application, onClose }: InviteInterviewDialogProps) {
  return (
    <Dialog open={application !== null} title={`Invite ${application?.fullName ?? ''} to interview`} onClose={onClose} size="lg">
      {/* Mounted per opening, so every opening starts from the defaults. */}
      {application && <InviteForm id={application._id} onClose={onClose} />}
    </Dialog>
  );
}

function InviteForm({ id, onClose }: { id: string; onClose: () => void }) {
  const fieldId = useId();
  const templateHintId = useId();
  const messageCounterId = useId();
  const interviewers = useGetInterviewersQuery(id);
  // Settings → Candidate e-mails' templates are the jobs area's to read: a role without it gets the built-in invitation.
  const role = useGetAccountQuery().data?.account.role;
  const mayUseTemplates = role !== undefined && canUse(role, 'jobs');
  const templates = useGetCandidateEmailSettingsQuery(undefined, { skip: !mayUseTemplates }).data?.templates ?? [];
  const [invite, { isLoading: sending }] = useInviteToInterviewMutation();
  const [interviewerIds, setInterviewerIds] = useState<string[]>([]);
  const [minutes, setMinutes] = useState(String(DEFAULT_INTERVIEW_MINUTES));
  const [statusOnBooking, setStatusOnBooking] = useState<ApplicationStatus>(DEFAULT_STATUS_ON_BOOKING);
  const [templateId, setTemplateId] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const interviewersId = `${fieldId}-interviewers`;

  function toggle(interviewer: Interviewer, checked: boolean) {
    setInterviewerIds((chosen) => (checked ? [...chosen, interviewer._id] : chosen.filter((one) => one !== interviewer._id)));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { min, max } = INTERVIEW_LIMITS.interviewers;
    if (interviewerIds.length < min || interviewerIds.length > max) {
      setErrors({ interviewerIds: INTERVIEW_MESSAGES.interviewerCount });
      return;
    }
    // The message goes only into the built-in invitation; a template brings its own text.
    const mail = templateId ? { templateId } : message.trim() ? { message: message.trim() } : {};
    const payload: InterviewInvitationPayload = { interviewerIds, minutes: Number(minutes), statusOnBooking, ...mail };
    try {
      toast.success((await invite({ id, ...payload }).unwrap()).message);
      onClose();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, INTERVIEW_MESSAGES.sendFailure));
    }
  }

  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <fieldset aria-describedby={errors.interviewerIds ? fieldErrorId(interviewersId) : undefined}>
        <legend className={labelClasses}>Interviewers</legend>
        <p className="mb-2 text-xs text-gray-700">
          Choose {INTERVIEW_LIMITS.interviewers.min} to {INTERVIEW_LIMITS.interviewers.max}. The candidate is offered the times when all of them are free; the
          first chosen is the candidate&apos;s contact.
        </p>
        {interviewers.isLoading ? (
          <p role="status" className="text-sm text-gray-700">
            Loading the interviewers…
          </p>
        ) : !interviewers.data ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <p>The interviewers could not be loaded.</p>
            <button type="button" className={buttonClasses('secondary', 'px-3 py-1')} onClick={() => void interviewers.refetch()}>
              Retry
            </button>
          </div>
        ) : interviewers.data.length === 0 ? (
          <p className="text-sm text-gray-700">No admin can interview: an interviewer needs a role that takes calls.</p>
        ) : (
          <ul className="space-y-2">
            {interviewers.data.map((interviewer) => (
              <InterviewerChoice
                key={interviewer._id}
                interviewer={interviewer}
                checked={interviewerIds.includes(interviewer._id)}
                onChange={(checked) => toggle(interviewer, checked)}
              />
            ))}
          </ul>
        )}
        <FieldError controlId={interviewersId} error={errors.interviewerIds} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Interview length (minutes)"
          type="number"
          inputMode="numeric"
          min={INTERVIEW_LIMITS.minutes.min}
          max={INTERVIEW_LIMITS.minutes.max}
          step={1}
          required
          value={minutes}
          error={errors.minutes}
          onChange={(event) => setMinutes(event.target.value)}
        />
        <SelectField
          label="Status once a time is booked"
          value={statusOnBooking}
          options={optionsOf(APPLICATION_STATUSES, APPLICATION_STATUS_LABELS)}
          error={errors.statusOnBooking}
          onChange={(event) => setStatusOnBooking(event.target.value as ApplicationStatus)}
        />
      </div>
      {mayUseTemplates && (
        <div>
          <SelectField
            label="Invitation e-mail"
            value={templateId}
            options={[{ value: '', label: BUILT_IN_INVITATION }, ...templates.map((template) => ({ value: template._id, label: template.name }))]}
            error={errors.templateId}
            aria-describedby={templateHintId}
            onChange={(event) => setTemplateId(event.target.value)}
          />
          <p id={templateHintId} className="mt-1 text-xs text-gray-700">
            A template of Settings → Candidate e-mails must hold {'{{schedulingLink}}'}, where the candidate&apos;s link to pick a time goes.
          </p>
        </div>
      )}
      {!templateId && (
        <div>
          <TextAreaField
            label="Message (optional)"
            rows={4}
            maxLength={INTERVIEW_LIMITS.messageMaxLength}
            value={message}
            error={errors.message}
            aria-describedby={messageCounterId}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p id={messageCounterId} className="mt-1 text-xs text-gray-700">
            Put above the link in the built-in invitation. {message.length} / {INTERVIEW_LIMITS.messageMaxLength} characters
          </p>
        </div>
      )}
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className={buttonClasses('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClasses('primary')} disabled={sending}>
          Send invitation
        </button>
      </div>
    </form>
  );
}

/** An interviewer's checkbox; one who cannot be booked is shown, not choosable, with why beside their name. */
function InterviewerChoice({ interviewer, checked, onChange }: { interviewer: Interviewer; checked: boolean; onChange: (checked: boolean) => void }) {
  const reasonId = useId();
  const blocked = interviewer.notBookable !== null;
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 text-sm">
      <label className={`flex items-center gap-2 ${blocked ? 'text-gray-700' : 'text-gray-900'}`}>
        <input
          type="checkbox"
          className="h-4 w-4 shrink-0"
          checked={checked}
          disabled={blocked}
          aria-describedby={blocked ? reasonId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {interviewer.name}
      </label>
      {blocked && (
        <span id={reasonId} className="text-xs text-gray-700">
          {interviewer.notBookable}
        </span>
      )}
    </li>
  );
}
