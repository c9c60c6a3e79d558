import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPE_LABELS, scopesAllowedFor, type ApiKey, type ApiKeyScope } from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ShownOnceDialog } from '../../components/ui/shown-once-dialog';
import { FieldError, labelClasses, TextField } from '../../components/ui/fields';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses, tableClasses, tdClasses } from '../../components/ui/table';
import { TableHead } from '../../components/ui/table-head';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDate, formatDateTime } from '../../lib/format';
import { useGetAccountQuery } from './account-api';
import { useCreateApiKeyMutation, useGetApiKeysQuery, useRevokeApiKeyMutation } from './api-keys-api';

/**
 * My account → API keys (decision 092): keys for integrations, each with scopes no wider than the admin's role; the new
 * key is shown once. An owner's list has every admin's keys, with who made each, and they may revoke any.
 */
export function ApiKeysSection() {
  const account = useGetAccountQuery();
  const list = useGetApiKeysQuery();

  useEffect(() => {
    if (list.isError) logFailure('API keys fetch failed', list.error);
  }, [list.isError, list.error]);

  const role = account.data?.account.role;
  const isOwner = role === 'owner';
  const apiKeys = list.data?.apiKeys;
  const headers = ['Name', 'Scopes', 'Key', 'Created', 'Last used', 'Expires', ...(isOwner ? ['Created by'] : []), 'Actions'];
  return (
    <section aria-labelledby="api-keys-heading" className={`${cardClasses} mt-6 p-5`}>
      <h2 id="api-keys-heading" className="text-lg font-semibold text-gray-900">
        API keys
      </h2>
      <p className="mt-2 text-sm text-gray-800">
        An API key lets another system (a CRM, a report) call the admin API as you, only for the scopes you give it: <code>Authorization: Bearer bw_…</code>. It
        stops working if your account is disabled or your role no longer allows its scopes.
        {isOwner ? ' As an owner, you see and can revoke every admin’s keys.' : ''}
      </p>
      {list.isLoading ? (
        <Loading label="Loading the API keys…" />
      ) : list.isError || !apiKeys ? (
        <LoadError onRetry={list.refetch} />
      ) : apiKeys.length === 0 ? (
        <p className="mt-3 text-sm text-gray-800">No API keys yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className={tableClasses}>
            <caption className="sr-only">API keys</caption>
            <TableHead headers={headers} />
            <tbody>
              {apiKeys.map((apiKey) => (
                <tr key={apiKey.id}>
                  <td className={tdClasses}>{apiKey.name}</td>
                  <td className={tdClasses}>
                    <ul>
                      {apiKey.scopes.map((scope) => (
                        <li key={scope}>
                          <code className="text-xs">{scope}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={tdClasses}>
                    <code aria-label={`ending in ${apiKey.lastFour}`}>…{apiKey.lastFour}</code>
                  </td>
                  <td className={tdClasses}>{formatDateTime(apiKey.createdAt)}</td>
                  <td className={tdClasses}>{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}</td>
                  <td className={tdClasses}>{apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'Never'}</td>
                  {isOwner && <td className={tdClasses}>{apiKey.creator.name || apiKey.creator.email}</td>}
                  <td className={tdClasses}>
                    <RevokeApiKey apiKey={apiKey} onRevoked={list.refetch} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {role && <CreateApiKey allowed={scopesAllowedFor(role)} onCreated={list.refetch} />}
    </section>
  );
}

const EMPTY_NEW_KEY = { name: '', scopes: [] as ApiKeyScope[], expires: '' };

/** A new key: its name, its scopes (only those the role allows), an optional last day; then the key, shown once. */
function CreateApiKey({ allowed, onCreated }: { allowed: ApiKeyScope[]; onCreated: () => void }) {
  const [create, { isLoading: creating }] = useCreateApiKeyMutation();
  const [values, setValues] = useState(EMPTY_NEW_KEY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [shownKey, setShownKey] = useState<string>();

  function toggle(scope: ApiKeyScope, on: boolean) {
    setValues((current) => ({ ...current, scopes: on ? [...current.scopes, scope] : current.scopes.filter((chosen) => chosen !== scope) }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.scopes.length === 0) {
      setErrors({ scopes: API_KEY_MESSAGES.scopesMissing });
      return;
    }
    try {
      // The key works through the whole of its last day, in the admin's time zone.
      const expiresAt = values.expires ? new Date(`${values.expires}T23:59:59`).toISOString() : null;
      const answer = await create({ name: values.name, scopes: values.scopes, expiresAt }).unwrap();
      setShownKey(answer.key);
      setValues(EMPTY_NEW_KEY);
      setErrors({});
      onCreated();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, API_KEY_MESSAGES.createFailure));
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} aria-label="Create an API key" className="mt-4 max-w-xl space-y-3">
        <h3 className="text-base font-semibold text-gray-900">Create an API key</h3>
        <TextField
          label="Key name"
          placeholder="CRM sync"
          required
          maxLength={API_KEY_NAME_MAX_LENGTH}
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        <fieldset aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
          <legend className={labelClasses}>Scopes</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {allowed.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" checked={values.scopes.includes(scope)} onChange={(change) => toggle(scope, change.target.checked)} />
                {API_KEY_SCOPE_LABELS[scope]} <code className="text-xs text-gray-600">{scope}</code>
              </label>
            ))}
          </div>
          <FieldError controlId="api-key-scopes" error={errors.scopes} live />
        </fieldset>
        <TextField
          label="Expires after (optional)"
          type="date"
          value={values.expires}
          error={errors.expiresAt}
          onChange={(event) => setValues({ ...values, expires: event.target.value })}
        />
        <button type="submit" className={buttonClasses('primary')} disabled={creating}>
          {creating ? 'Creating…' : 'Create API key'}
        </button>
      </form>
      <NewKeyDialog apiKey={shownKey} onClose={() => setShownKey(undefined)} />
    </>
  );
}

/** The new key, this once: the server keeps only its hash. */
function NewKeyDialog({ apiKey, onClose }: { apiKey: string | undefined; onClose: () => void }) {
  return (
    <ShownOnceDialog
      value={apiKey}
      title="Your new API key"
      description={API_KEY_MESSAGES.shownOnce}
      label="API key"
      inputId="new-api-key"
      what="key"
      copiedMessage={API_KEY_MESSAGES.copied}
      onClose={onClose}
    />
  );
}

/** Revoking one key, after a confirmation that names it. */
function RevokeApiKey({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: () => void }) {
  const [revoke, { isLoading: revoking }] = useRevokeApiKeyMutation();
  const [open, setOpen] = useState(false);

  async function onConfirm() {
    try {
      toast.success((await revoke({ id: apiKey.id }).unwrap()).message);
      setOpen(false);
      onRevoked();
    } catch (failure) {
      toast.error(errorMessage(failure, API_KEY_MESSAGES.revokeFailure));
    }
  }

  return (
    <>
      <button type="button" className={buttonClasses('danger')} aria-label={`Revoke the API key ${apiKey.name}`} onClick={() => setOpen(true)}>
        Revoke
      </button>
      <ConfirmDialog
        open={open}
        title="Revoke API key?"
        message={API_KEY_MESSAGES.revokeConfirm(apiKey.name)}
        confirmLabel="Revoke key"
        busy={revoking}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
