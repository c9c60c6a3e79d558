import { MAX_LENGTH, MESSAGES, WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type Webhook, type WebhookEvent } from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ShownOnceDialog } from '../../components/ui/shown-once-dialog';
import { errorAttributes, FieldError, fieldErrorId, inputClasses, labelClasses } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { SettingsTabs } from './settings-tabs';
import { useAddWebhookMutation, useDeleteWebhookMutation, useGetWebhooksQuery, useSetWebhookEnabledMutation } from './webhooks-api';

/** Settings → Webhooks: endpoints called (signed) on events; each endpoint's secret is shown once, when it is added. */
export function WebhooksPage() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetWebhooksQuery();
  const [setEnabled, { isLoading: switching, originalArgs: switchingArgs }] = useSetWebhookEnabledMutation();
  const [remove, { isLoading: deleting }] = useDeleteWebhookMutation();
  const [secret, setSecret] = useState<string | undefined>();
  const [toDelete, setToDelete] = useState<Webhook | undefined>();

  useEffect(() => {
    if (isError) logFailure('webhooks fetch failed', error);
  }, [isError, error]);

  async function onSwitch(webhook: Webhook) {
    try {
      toast.success((await setEnabled({ id: webhook._id, enabled: !webhook.enabled }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.webhookSaveFailure));
    }
  }

  async function onDelete(webhook: Webhook) {
    try {
      toast.success((await remove(webhook._id).unwrap()).message);
      setToDelete(undefined);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.webhookDeleteFailure));
    }
  }

  return (
    <>
      <PageHeader title="Webhooks">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Endpoints of a CRM or an automation that are called on events, signed with their own secret (Standard Webhooks). A call that is not answered with 2xx
          is tried again for a day.
        </p>
      </PageHeader>
      <SettingsTabs />
      <AddWebhookForm onAdded={setSecret} />
      <section aria-label="Webhook endpoints" className={`${cardClasses} mt-6`}>
        <DataTable
          caption="Webhook endpoints"
          rows={data?.webhooks ?? []}
          isLoading={isLoading}
          isError={isError}
          isFetching={isFetching}
          onRetry={refetch}
          loadingLabel="Loading webhooks…"
          emptyText="No webhooks yet."
          columns={[
            { header: 'URL', className: 'max-w-xs break-all font-medium', cell: (row) => row.url },
            {
              header: 'Events',
              cell: (row) => (
                <ul>
                  {row.events.map((event) => (
                    <li key={event}>{WEBHOOK_EVENT_LABELS[event]}</li>
                  ))}
                </ul>
              ),
            },
            {
              header: 'Status',
              cell: (row) => <span className={badgeClasses(row.enabled ? 'green' : 'gray')}>{row.enabled ? 'Enabled' : 'Disabled'}</span>,
            },
            { header: 'Added', className: 'whitespace-nowrap', cell: (row) => formatDateTime(row.createdAt) },
            {
              header: 'Actions',
              cell: (row) => (
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClasses('secondary', 'px-3 py-1')}
                    aria-label={`${row.enabled ? 'Disable' : 'Enable'} webhook ${row.url}`}
                    disabled={switching && switchingArgs?.id === row._id}
                    onClick={() => onSwitch(row)}
                  >
                    {row.enabled ? 'Disable' : 'Enable'}
                  </button>
                  <button
                    type="button"
                    className={buttonClasses('danger', 'px-3 py-1')}
                    aria-label={`Delete webhook ${row.url}`}
                    onClick={() => setToDelete(row)}
                  >
                    Delete
                  </button>
                </div>
              ),
            },
          ]}
        />
      </section>
      <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />
      <ConfirmDialog
        open={toDelete !== undefined}
        title="Delete webhook"
        message={`Delete the webhook ${toDelete?.url ?? ''}? Calls still waiting for it are given up.`}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => toDelete && onDelete(toDelete)}
        onCancel={() => setToDelete(undefined)}
      />
    </>
  );
}

/** The URL and the events of a new endpoint; the server's field errors show under each. */
function AddWebhookForm({ onAdded }: { onAdded: (secret: string) => void }) {
  const [add, { isLoading: adding }] = useAddWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await add({ url: url.trim(), events }).unwrap();
      setErrors({});
      setUrl('');
      setEvents([]);
      toast.success(answer.message);
      onAdded(answer.secret);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.webhookSaveFailure));
    }
  }

  const toggle = (name: WebhookEvent, checked: boolean) =>
    setEvents(checked ? WEBHOOK_EVENTS.filter((known) => known === name || events.includes(known)) : events.filter((chosen) => chosen !== name));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a webhook" className={`${cardClasses} space-y-4 p-5`}>
      <h2 className="text-lg font-semibold text-gray-900">Add a webhook</h2>
      <div>
        <label htmlFor="webhook-url" className={labelClasses}>
          Endpoint URL
        </label>
        <input
          id="webhook-url"
          type="url"
          autoComplete="off"
          maxLength={MAX_LENGTH.url}
          placeholder="https://hooks.example.com/brightwave"
          {...errorAttributes('webhook-url', errors.url)}
          className={inputClasses}
          value={url}
          onChange={(change) => setUrl(change.target.value)}
        />
        <FieldError controlId="webhook-url" error={errors.url} />
      </div>
      <fieldset aria-describedby={errors.events ? fieldErrorId('webhook-events') : undefined}>
        <legend className={labelClasses}>Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm text-gray-800">
              <input type="checkbox" checked={events.includes(name)} onChange={(change) => toggle(name, change.target.checked)} />
              {WEBHOOK_EVENT_LABELS[name]} <code className="text-xs text-gray-600">{name}</code>
            </label>
          ))}
        </div>
        <FieldError controlId="webhook-events" error={errors.events} />
      </fieldset>
      <button type="submit" className={buttonClasses('primary')} disabled={adding}>
        {adding ? 'Adding…' : 'Add webhook'}
      </button>
    </form>
  );
}

/** The new endpoint's secret, shown this once: the server answers it only when the endpoint is added. */
function SecretDialog({ secret, onClose }: { secret: string | undefined; onClose: () => void }) {
  return (
    <ShownOnceDialog
      value={secret}
      title="Webhook secret"
      description="Copy this secret into the receiving service now: it is shown only once. It verifies the webhook-signature header of each call."
      label="Signing secret"
      inputId="webhook-secret"
      what="secret"
      copiedMessage="Secret copied"
      onClose={onClose}
    />
  );
}
