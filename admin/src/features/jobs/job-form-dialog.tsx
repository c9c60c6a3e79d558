import {
  JOB_DEPARTMENTS,
  JOB_DEPARTMENT_LABELS,
  JOB_LOCATIONS,
  JOB_LOCATION_LABELS,
  JOB_TYPES,
  JOB_TYPE_LABELS,
  MAX_LENGTH,
  MESSAGES,
  todayUtc,
  type Job,
  type JobDepartment,
  type JobLocation,
  type JobPayload,
  type JobType,
} from '@brightwave/common';
import { useMemo, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { optionsOf, SelectField, TextAreaField, TextField } from '../../components/ui/fields';
import { useSaveForm } from '../../components/use-save-form';
import { useCreateJobMutation, useUpdateJobMutation } from './jobs-api';
import { LazyQuestionEditor } from '../forms/lazy-question-editor';
import { questionErrorsOf, useQuestionProblems } from '../forms/question-problems';
import { RequirementsInput } from './requirements-input';

// SPEC §4: a new job form starts empty, with no requirements.
const EMPTY_JOB: Required<JobPayload> = {
  title: '',
  department: '' as JobDepartment,
  location: '' as JobLocation,
  type: '' as JobType,
  experience: '',
  description: '',
  requirements: [],
  closesAt: '',
  questions: [],
};

function formOf(job: Job | null): Required<JobPayload> {
  if (!job) return { ...EMPTY_JOB, requirements: [], questions: [] };
  return {
    title: job.title,
    department: job.department,
    location: job.location,
    type: job.type,
    experience: job.experience,
    description: job.description,
    requirements: [...job.requirements],
    closesAt: job.closesAt ?? '',
    questions: job.questions ?? [],
  };
}

// The three selects of a job, each required and starting on "Select <label>".
const CHOICES = [
  { key: 'department', label: 'Department', options: optionsOf(JOB_DEPARTMENTS, JOB_DEPARTMENT_LABELS) },
  { key: 'location', label: 'Location', options: optionsOf(JOB_LOCATIONS, JOB_LOCATION_LABELS) },
  { key: 'type', label: 'Type', options: optionsOf(JOB_TYPES, JOB_TYPE_LABELS) },
] as const;

/** Today, or the job's own closing date when it has passed: an edit may keep it (the server allows that). */
function earliestClosingDate(job: Job | null): string {
  const today = todayUtc();
  return job?.closesAt && job.closesAt < today ? job.closesAt : today;
}

interface JobFormDialogProps {
  open: boolean;
  job: Job | null;
  onClose: () => void;
}

export function JobFormDialog({ open, job, onClose }: JobFormDialogProps) {
  return (
    <FormDialog open={open} title={job ? 'Edit Job' : 'Post New Job'} onClose={onClose} formKey={job?._id ?? 'new'} size="xl">
      <JobForm job={job} onDone={onClose} />
    </FormDialog>
  );
}

function JobForm({ job, onDone }: { job: Job | null; onDone: () => void }) {
  const [create, { isLoading: creating }] = useCreateJobMutation();
  const [update, { isLoading: updating }] = useUpdateJobMutation();
  const { form, set, field, errors, onSubmit } = useSaveForm({
    initial: () => formOf(job),
    id: job?._id,
    create,
    update,
    messages: { created: MESSAGES.jobCreated, updated: MESSAGES.jobUpdated, saveFailure: MESSAGES.jobSaveFailure },
    onDone,
  });

  // The questions' own checks (the server's) show once a save was tried; with any, nothing is sent.
  const problems = useQuestionProblems(form.questions, true);
  const [triedSave, setTriedSave] = useState(false);
  const savedIds = useMemo(() => new Set((job?.questions ?? []).map((question) => question.id)), [job]);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (Object.keys(problems).length > 0) {
      event.preventDefault();
      setTriedSave(true);
      toast.error(MESSAGES.validationFailed);
      return;
    }
    void onSubmit(event);
  }

  return (
    <DialogForm onSubmit={submit} onCancel={onDone} submitLabel={job ? 'Update Job' : 'Post Job'} busy={creating || updating}>
      <TextField label="Job Title" data-autofocus required maxLength={MAX_LENGTH.title} {...field('title')} />
      <div className="grid gap-4 sm:grid-cols-3">
        {CHOICES.map(({ key, label, options }) => (
          <SelectField key={key} label={label} required placeholder={`Select ${label}`} options={options} {...field(key)} />
        ))}
      </div>
      <TextField label="Experience" required maxLength={MAX_LENGTH.experience} placeholder="e.g. 2-3 years" {...field('experience')} />
      <div className="sm:w-1/2">
        <TextField
          label="Applications close on"
          type="date"
          min={earliestClosingDate(job)}
          aria-describedby="closes-at-hint"
          value={form.closesAt ?? ''}
          error={errors.closesAt}
          onChange={(event) => set('closesAt', event.target.value)}
        />
        <p id="closes-at-hint" className="mt-1 text-xs text-gray-600">
          Optional. The job expires after this day (UTC) and leaves the careers page.
        </p>
      </div>
      <TextAreaField label="Description" required rows={4} maxLength={MAX_LENGTH.description} {...field('description')} />
      <RequirementsInput value={form.requirements} onChange={(requirements) => set('requirements', requirements)} />
      <section aria-labelledby="job-questions-heading" className="space-y-3 border-t border-gray-200 pt-4">
        <h3 id="job-questions-heading" className="text-base font-semibold text-gray-900">
          Questions for applicants
        </h3>
        <p className="text-sm text-gray-700">
          Asked on the job's application form beside its own fields. A knockout answer rejects the application on arrival.
        </p>
        <LazyQuestionEditor
          questions={form.questions}
          onChange={(questions) => set('questions', questions)}
          job
          savedIds={savedIds}
          errors={{ ...questionErrorsOf(errors), ...(triedSave ? problems : {}) }}
        />
      </section>
    </DialogForm>
  );
}
