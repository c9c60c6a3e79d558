import {
  REDIRECT_FROM_HINT,
  REDIRECT_PATH_MAX,
  REDIRECT_SOURCE_LABELS,
  REDIRECT_STATUS_LABELS,
  REDIRECT_STATUSES,
  REDIRECT_TO_HINT,
  REDIRECT_TO_MAX,
  type Redirect,
  type RedirectStatus,
} from '@brightwave/common';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FiArrowLeft, FiTrash2 } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectField, TextField } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useCreateRedirectMutation, useDeleteRedirectMutation, useGetRedirectsQuery } from './redirects-api';

const EMPTY_TEXT =
  'No redirects yet. A redirect sends visitors (and search engines) from an old address to a new one. One is added by itself when a published page gets a new address.';
const STATUS_OPTIONS = REDIRECT_STATUSES.map((status) => ({ value: String(status), label: REDIRECT_STATUS_LABELS[status] }));

/** Redirects: old addresses of the site and where they lead, added by hand or left by a page whose address changed. */
export function RedirectsPage() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetRedirectsQuery();
  const [deleteRedirect, { isLoading: deleting }] = useDeleteRedirectMutation();
  const [toDelete, setToDelete] = useState<Redirect | null>(null);

  useEffect(() => {
    if (isError) logFailure('redirects fetch failed', error);
  }, [isError, error]);

  async function onConfirmDelete() {
    if (!toDelete) return;
    try {
      toast.success((await deleteRedirect(toDelete._id).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to delete the redirect'));
    }
    setToDelete(null);
  }

  return (
    <>
      <PageHeader
        title="Redirects"
        actions={
          <Link to="/pages" className={buttonClasses('secondary')}>
            <FiArrowLeft aria-hidden="true" /> Pages
          </Link>
        }
      >
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Old addresses of the site and where they send visitors. Visitors are sent on within a few seconds of a change.
        </p>
      </PageHeader>
      <NewRedirectForm />
      <section aria-label="Redirects" className={cardClasses}>
        <DataTable
          caption="Redirects"
          rows={data?.redirects ?? []}
          isLoading={isLoading}
          isFetching={isFetching}
          isError={isError}
          onRetry={refetch}
          loadingLabel="Loading redirects…"
          emptyText={EMPTY_TEXT}
          columns={[
            { header: 'From', cell: (redirect) => <span className="break-all">{redirect.from}</span> },
            { header: 'To', cell: (redirect) => <span className="break-all">{redirect.to}</span> },
            { header: 'Kind', className: 'whitespace-nowrap', cell: (redirect) => REDIRECT_STATUS_LABELS[redirect.status] },
            { header: 'Source', cell: (redirect) => REDIRECT_SOURCE_LABELS[redirect.source] },
            {
              header: 'Created',
              className: 'whitespace-nowrap',
              cell: (redirect) => `${formatDateTime(redirect.createdAt)}${redirect.createdBy ? ` by ${redirect.createdBy}` : ''}`,
            },
            {
              header: 'Actions',
              cell: (redirect) => (
                <button
                  type="button"
                  className={buttonClasses('danger')}
                  onClick={() => setToDelete(redirect)}
                  aria-label={`Delete the redirect from ${redirect.from}`}
                >
                  <FiTrash2 aria-hidden="true" /> Delete
                </button>
              ),
            },
          ]}
        />
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete redirect"
        message={toDelete ? `Visitors of ${toDelete.from} will no longer be sent to ${toDelete.to}.` : ''}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

/** Add a redirect: from, to, and whether it is permanent or temporary; the API's field errors beside each field. */
function NewRedirectForm() {
  const [create, { isLoading }] = useCreateRedirectMutation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<RedirectStatus>(301);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fromHintId = useId();
  const toHintId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await create({ from: from.trim(), to: to.trim(), status }).unwrap();
      toast.success(answer.message);
      setFrom('');
      setTo('');
      setErrors({});
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, 'Failed to add the redirect'));
    }
  }

  return (
    <section aria-labelledby="new-redirect-heading" className={`${cardClasses} mb-6 p-4`}>
      <h2 id="new-redirect-heading" className="mb-3 text-lg font-semibold text-gray-900">
        Add a redirect
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-[1fr_1fr_auto_auto] md:items-start">
        <div>
          <TextField
            label="From"
            required
            maxLength={REDIRECT_PATH_MAX}
            aria-describedby={fromHintId}
            value={from}
            error={errors.from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <p id={fromHintId} className="mt-1 text-xs text-gray-700">
            {REDIRECT_FROM_HINT}
          </p>
        </div>
        <div>
          <TextField
            label="To"
            required
            maxLength={REDIRECT_TO_MAX}
            aria-describedby={toHintId}
            value={to}
            error={errors.to}
            onChange={(event) => setTo(event.target.value)}
          />
          <p id={toHintId} className="mt-1 text-xs text-gray-700">
            {REDIRECT_TO_HINT}
          </p>
        </div>
        <SelectField
          label="Kind"
          options={STATUS_OPTIONS}
          value={String(status)}
          error={errors.status}
          onChange={(event) => setStatus(Number(event.target.value) as RedirectStatus)}
        />
        <button type="submit" className={`${buttonClasses('primary')} md:mt-6`} disabled={isLoading}>
          {isLoading ? 'Adding…' : 'Add redirect'}
        </button>
      </form>
    </section>
  );
}
