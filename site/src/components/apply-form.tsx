import {
  APPLY_BY_EMAIL,
  SITE_MESSAGES,
  RESUME_ACCEPT,
  RESUME_KINDS_TEXT,
  RESUME_MAX_MB,
  type ApplyPayload,
  type FormAnswers,
  type Job,
} from '@brightwave/common';
import { Suspense, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { primaryEmail } from '../lib/company-details';
import { useSiteContent } from '../lib/content';
import { notify } from '../lib/notify';
import { QuestionFields } from '../lib/question-fields';
import { useFormSubmit } from '../lib/use-form-submit';
import FormConfirmation from './form-confirmation';
import { readFileAsDataUrl, resumeProblem } from '../lib/form-rules';
import { TextAreaField, TextField } from './ui/form-field';
import { SubmitButton } from './ui/submit-button';
import { PrivacyNote } from './privacy-note';

type ApplyValues = Omit<ApplyPayload, 'job' | 'resume' | 'isResumeBase64' | 'answers'>;
const EMPTY: ApplyValues = { fullName: '', email: '', phone: '', experience: '', coverLetter: '', portfolio: '' };

/**
 * Job application (SPEC §5): full name, email, phone, years of experience and a resume (.pdf/.doc/.docx
 * under RESUME_MAX_BYTES) are required; the resume travels as a base64 data URL with upload progress shown. The
 * form token (sent by useFormSubmit) is what earns the applicant a confirmation mail; applications are never spam,
 * so the honeypot is left out. On success the form gives way to its confirmation, whose 'Done' is `onClose`
 * (decision 070); refused by the rate limit (429), it offers the company's e-mail address instead.
 */
export function ApplyForm({ job, onClose }: { job: Pick<Job, '_id'> & Partial<Pick<Job, 'questions'>>; onClose: () => void }) {
  const [values, setValues] = useState<ApplyValues>(EMPTY);
  const [resume, setResume] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<{ message: string; limited: boolean } | null>(null);
  const [sent, setSent] = useState<{ email: string; mailed: boolean } | null>(null);
  const [progress, setProgress] = useState(0);
  const answers = useRef<FormAnswers>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>();
  const fileInput = useRef<HTMLInputElement>(null);
  // Where an application goes when the rate limit refuses it here.
  const byEmail = primaryEmail(useSiteContent());
  // A failure shows inside the dialog (a toast would sit under its backdrop); so does the confirmation, beside the
  // spec's success toast.
  const { sending, send, onFocus } = useFormSubmit('POST /api/jobs/apply', {
    form: 'application',
    failureFallback: SITE_MESSAGES.applicationFailure,
    onSuccess: (answer) => {
      notify('success', SITE_MESSAGES.applicationSuccess);
      setSent({ email: values.email, mailed: answer.sendsConfirmations });
    },
    onFailure: (message, status, fieldErrors) => {
      setSubmitError({ message, limited: status === 429 });
      setErrors(fieldErrors);
    },
    onUploadProgress: setProgress,
  });

  const set = (field: keyof ApplyValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  function rejectFile(message: string) {
    setFileError(message);
    setResume(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFileError(null);
    setResume(null);
    if (!file) return;
    const problem = resumeProblem(file);
    if (problem) return rejectFile(problem);
    try {
      setResume(await readFileAsDataUrl(file));
    } catch {
      rejectFile(SITE_MESSAGES.resumeReadFailure);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!resume) return;
    setSubmitError(null);
    setProgress(0);
    const payload: ApplyPayload = {
      job: job._id,
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      experience: values.experience,
      coverLetter: values.coverLetter || undefined,
      portfolio: values.portfolio || undefined,
      resume,
      isResumeBase64: true,
      answers: answers.current,
    };
    void send(payload);
  }

  if (sent) return <FormConfirmation form="application" email={sent.email} mailed={sent.mailed} onAction={onClose} />;

  return (
    <form onSubmit={submit} onFocus={onFocus} className="space-y-4" aria-label="Job application">
      <TextField data-autofocus label="Full Name" name="fullName" autoComplete="name" value={values.fullName} onChange={set('fullName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
      </div>
      <TextField label="Years of Experience" name="experience" value={values.experience} onChange={set('experience')} />
      <TextField
        ref={fileInput}
        label="Resume"
        name="resume"
        type="file"
        accept={RESUME_ACCEPT}
        onChange={chooseFile}
        aria-describedby="resume-hint"
        hint={
          <>
            <p id="resume-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {RESUME_KINDS_TEXT}, less than {RESUME_MAX_MB}MB.
            </p>
            {fileError && (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                {fileError}
              </p>
            )}
          </>
        }
      />
      <TextAreaField label="Cover Letter" optional name="coverLetter" rows={4} value={values.coverLetter} onChange={set('coverLetter')} />
      <TextField label="Portfolio URL" optional name="portfolio" type="url" value={values.portfolio} onChange={set('portfolio')} />
      {job.questions && job.questions.length > 0 && (
        <Suspense fallback={null}>
          <QuestionFields questions={job.questions} errors={errors} answersRef={answers} />
        </Suspense>
      )}
      {sending && (
        <div>
          <label htmlFor="upload-progress" className="text-sm text-slate-700 dark:text-slate-300">
            Uploading {Math.round(progress * 100)}%
          </label>
          <progress id="upload-progress" max={1} value={progress} className="mt-1 block w-full accent-indigo-700" />
        </div>
      )}
      {submitError && (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {submitError.message}
          {submitError.limited && byEmail && (
            <>
              {' '}
              {APPLY_BY_EMAIL}{' '}
              <a href={`mailto:${byEmail}`} className="break-all underline underline-offset-2">
                {byEmail}
              </a>
              .
            </>
          )}
        </p>
      )}
      <SubmitButton sending={sending} label="Submit Application" sendingLabel="Submitting..." className="disabled:cursor-not-allowed disabled:opacity-60" />
      <PrivacyNote />
    </form>
  );
}
