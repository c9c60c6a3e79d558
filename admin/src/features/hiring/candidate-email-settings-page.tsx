import {
  MESSAGES,
  BOOKING_LINK_MAX_LENGTH,
  REJECTION_DELAY_HOURS,
  TEMPLATE_NAME_MAX_LENGTH,
  type CandidateEmailSettings,
  type CandidateEmailTemplate,
} from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { FiPlus } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { DataTable } from '../../components/data-table';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { errorAttributes, FieldError, inputClasses, labelClasses } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { SettingsTabs } from '../settings/settings-tabs';
import { EmailTextFields, placeholderProblem } from './candidate-email-fields';
import {
  useCreateCandidateTemplateMutation,
  useDeleteCandidateTemplateMutation,
  useGetCandidateEmailSettingsQuery,
  useSaveCandidateEmailSettingsMutation,
  useUpdateCandidateTemplateMutation,
} from './hiring-api';

/**
 * Settings → Candidate e-mails (owners and recruiters; docs/features/hiring.md): the booking link that `{{bookingLink}}`
 * stands for, the template offered when an application is rejected, and the templates of mails to candidates.
 */
export function CandidateEmailSettingsPage() {
  const { data, isLoading, isError, isFetching, refetch } = useGetCandidateEmailSettingsQuery();
  return (
    <>
      <PageHeader title="Candidate e-mails">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Templates of the e-mails sent to job candidates from an application&apos;s page, the template offered when an application is rejected, and the booking
          link candidates use to pick an interview time.
        </p>
      </PageHeader>
      <SettingsTabs />
      {isLoading ? (
        <Loading label="Loading the candidate e-mail settings…" />
      ) : data ? (
        <div className="space-y-6">
          {/* Keyed by the settings as stored: a save (or a deleted rejection template) starts the form from them again. */}
          <SettingsForm
            key={`${data.settings.bookingLink ?? ''}|${data.settings.rejectionTemplateId ?? ''}`}
            settings={data.settings}
            templates={data.templates}
          />
          <TemplatesSection
            templates={data.templates}
            rejectionTemplateId={data.settings.rejectionTemplateId}
            isFetching={isFetching}
            isError={isError}
            onRetry={refetch}
          />
        </div>
      ) : (
        isError && <LoadError onRetry={() => void refetch()} />
      )}
    </>
  );
}

/** The booking link and the rejection template; the server's field errors show under each. */
function SettingsForm({ settings, templates }: { settings: CandidateEmailSettings; templates: readonly CandidateEmailTemplate[] }) {
  const headingId = useId();
  const fieldId = useId();
  const [bookingLink, setBookingLink] = useState(settings.bookingLink ?? '');
  const [rejectionTemplateId, setRejectionTemplateId] = useState(settings.rejectionTemplateId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading: saving }] = useSaveCandidateEmailSettingsMutation();
  const ids = { link: `${fieldId}-link`, rejection: `${fieldId}-rejection` };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await save({ bookingLink: bookingLink.trim() || null, rejectionTemplateId: rejectionTemplateId || null }).unwrap();
      setErrors({});
      toast.success(answer.message);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.candidateEmailSettingsFailure));
    }
  }

  return (
    <section aria-labelledby={headingId} className={`${cardClasses} p-5`}>
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        Booking link and rejection
      </h2>
      <form noValidate aria-labelledby={headingId} className="mt-3 max-w-2xl space-y-4" onSubmit={onSubmit}>
        <div>
          <label htmlFor={ids.link} className={labelClasses}>
            Booking link (your scheduling page, e.g. Cal.com)
          </label>
          <input
            id={ids.link}
            type="url"
            autoComplete="off"
            maxLength={BOOKING_LINK_MAX_LENGTH}
            placeholder="https://cal.com/…"
            {...errorAttributes(ids.link, errors.bookingLink, { 'aria-describedby': `${ids.link}-hint` })}
            className={inputClasses}
            value={bookingLink}
            onChange={(event) => setBookingLink(event.target.value)}
          />
          <p id={`${ids.link}-hint`} className="mt-1 text-xs text-gray-700">
            What {'{{bookingLink}}'} stands for in a template: add it to the templates that should offer this page. Leave it empty for none; a mail that uses it
            is then refused.
          </p>
          <FieldError controlId={ids.link} error={errors.bookingLink} />
        </div>
        <div>
          <label htmlFor={ids.rejection} className={labelClasses}>
            Rejection template
          </label>
          <select
            id={ids.rejection}
            className={inputClasses}
            {...errorAttributes(ids.rejection, errors.rejectionTemplateId, { 'aria-describedby': `${ids.rejection}-hint` })}
            value={rejectionTemplateId}
            onChange={(event) => setRejectionTemplateId(event.target.value)}
          >
            <option value="">None: offer no e-mail</option>
            {templates.map((template) => (
              <option key={template._id} value={template._id}>
                {template.name}
              </option>
            ))}
          </select>
          <p id={`${ids.rejection}-hint`} className="mt-1 text-xs text-gray-700">
            Offered when an application is set to Rejected: sent {REJECTION_DELAY_HOURS} hours later by default, now, or not at all.
          </p>
          <FieldError controlId={ids.rejection} error={errors.rejectionTemplateId} />
        </div>
        <button type="submit" className={buttonClasses('primary')} disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
      </form>
    </section>
  );
}

type Editing = { open: false } | { open: true; template: CandidateEmailTemplate | null };

interface TemplatesSectionProps {
  templates: CandidateEmailTemplate[];
  rejectionTemplateId: string | null;
  isFetching: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** The templates (name, subject) with Edit and Delete, and Add template. */
function TemplatesSection({ templates, rejectionTemplateId, isFetching, isError, onRetry }: TemplatesSectionProps) {
  const headingId = useId();
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [toDelete, setToDelete] = useState<CandidateEmailTemplate | null>(null);
  const [remove, { isLoading: deleting }] = useDeleteCandidateTemplateMutation();

  async function onConfirmDelete() {
    if (!toDelete) return;
    try {
      toast.success((await remove(toDelete._id).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.templateDeleteFailure));
    }
    setToDelete(null);
  }

  const deleteMessage = toDelete
    ? `Delete the template “${toDelete.name}”? This cannot be undone.${
        toDelete._id === rejectionTemplateId ? ' It is the rejection template: rejections will offer no e-mail until another is chosen.' : ''
      }`
    : '';
  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <div className="flex flex-wrap items-center justify-between gap-3 p-5 pb-3">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Templates
        </h2>
        <button type="button" className={buttonClasses('primary')} onClick={() => setEditing({ open: true, template: null })}>
          <FiPlus aria-hidden="true" /> Add template
        </button>
      </div>
      <DataTable
        caption="Templates"
        rows={templates}
        isLoading={false}
        isError={isError}
        isFetching={isFetching}
        onRetry={onRetry}
        loadingLabel="Loading the templates…"
        emptyText="No templates yet."
        columns={[
          { header: 'Name', className: 'font-medium', cell: (row) => row.name },
          { header: 'Subject', className: 'break-words', cell: (row) => row.subject },
          {
            header: 'Actions',
            cell: (row) => (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={buttonClasses('secondary', 'px-3 py-1')}
                  aria-label={`Edit template ${row.name}`}
                  onClick={() => setEditing({ open: true, template: row })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className={buttonClasses('danger', 'px-3 py-1')}
                  aria-label={`Delete template ${row.name}`}
                  onClick={() => setToDelete(row)}
                >
                  Delete
                </button>
              </div>
            ),
          },
        ]}
      />
      <FormDialog
        open={editing.open}
        title={editing.open && editing.template ? `Edit template ${editing.template.name}` : 'Add template'}
        onClose={() => setEditing({ open: false })}
        formKey={editing.open ? (editing.template?._id ?? 'new') : 'closed'}
      >
        {editing.open && <TemplateForm template={editing.template} onDone={() => setEditing({ open: false })} />}
      </FormDialog>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete template"
        message={deleteMessage}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/**
 * A template's name, subject and body, with the placeholders to insert; placeholders that do not exist are flagged as
 * they are typed (and refused by the server, whose field errors show under each field too).
 */
function TemplateForm({ template, onDone }: { template: CandidateEmailTemplate | null; onDone: () => void }) {
  const fieldId = useId();
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, { isLoading: creating }] = useCreateCandidateTemplateMutation();
  const [update, { isLoading: updating }] = useUpdateCandidateTemplateMutation();
  const ids = { name: `${fieldId}-name`, subject: `${fieldId}-subject`, body: `${fieldId}-body` };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The warning is already shown beside the field: take the admin there.
    if (placeholderProblem(subject) || placeholderProblem(body)) {
      document.getElementById(placeholderProblem(subject) ? ids.subject : ids.body)?.focus();
      return;
    }
    const payload = { name: name.trim(), subject, body };
    try {
      const answer = template ? await update({ id: template._id, ...payload }).unwrap() : await create(payload).unwrap();
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.templateSaveFailure));
    }
  }

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={template ? 'Save template' : 'Add template'} busy={creating || updating}>
      <div>
        <label htmlFor={ids.name} className={labelClasses}>
          Name
        </label>
        <input
          id={ids.name}
          type="text"
          required
          autoComplete="off"
          maxLength={TEMPLATE_NAME_MAX_LENGTH}
          className={inputClasses}
          {...errorAttributes(ids.name, errors.name)}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError controlId={ids.name} error={errors.name} />
      </div>
      <EmailTextFields
        ids={ids}
        subject={subject}
        body={body}
        onSubjectChange={setSubject}
        onBodyChange={setBody}
        errors={errors}
        bodyRows={10}
        subjectAutoComplete="off"
      />
    </DialogForm>
  );
}
