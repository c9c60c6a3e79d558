import {
  MESSAGES,
  NOTIFICATION_ROUTE_FIELDS,
  NOTIFICATION_ROUTE_MAX_RECIPIENTS,
  emptyNotificationRoutes,
  routeRecipients,
  type NotificationRouteKey,
  type NotificationSettings,
} from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, Loading } from '../../components/ui/feedback';
import { inputClasses, labelClasses } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, logFailure } from '../../lib/api-error';
import { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } from './settings-api';
import { SettingsTabs } from './settings-tabs';

type Drafts = Record<NotificationRouteKey, string>;

const GROUPS = [...new Set(NOTIFICATION_ROUTE_FIELDS.map((field) => field.group))];

/** The addresses typed in a box: separated by commas, semicolons, spaces or new lines. */
const addressesIn = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

function draftsOf(settings: NotificationSettings): Drafts {
  return Object.fromEntries(NOTIFICATION_ROUTE_FIELDS.map(({ key }) => [key, routeRecipients(settings.routes, key).join(', ')])) as Drafts;
}

/** Settings → Notifications: which staff addresses get each kind of submission; an empty route uses NOTIFY_TO. */
export function NotificationSettingsPage() {
  const { data, isLoading, isError, error, refetch } = useGetNotificationSettingsQuery();

  useEffect(() => {
    if (isError) logFailure('notification settings fetch failed', error);
  }, [isError, error]);

  const fallback = data?.settings.fallback ?? [];
  return (
    <>
      <PageHeader title="Notification settings">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Who on the staff is told of each new quote request, contact message and job application. Separate addresses with commas (at most{' '}
          {NOTIFICATION_ROUTE_MAX_RECIPIENTS} per route). An empty route goes to{' '}
          {fallback.length > 0 ? <strong>{fallback.join(', ')}</strong> : <strong>nobody: NOTIFY_TO is not set on the server</strong>}.
        </p>
      </PageHeader>
      <SettingsTabs />
      {isLoading ? (
        <Loading label="Loading notification settings…" />
      ) : data ? (
        <RoutesForm settings={data.settings} />
      ) : isError ? (
        <LoadError onRetry={refetch} />
      ) : null}
    </>
  );
}

/** One box per route, filled from the settings as loaded; saving shows the routes as the server stored them. */
function RoutesForm({ settings }: { settings: NotificationSettings }) {
  const [save, { isLoading: isSaving }] = useSaveNotificationSettingsMutation();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const routes = emptyNotificationRoutes();
    for (const { key } of NOTIFICATION_ROUTE_FIELDS) routeRecipients(routes, key).push(...addressesIn(drafts[key]));
    try {
      const answer = await save({ routes }).unwrap();
      setErrors({});
      setDrafts(draftsOf(answer.settings));
      toast.success(answer.message);
    } catch (failure) {
      setErrors((failure as { data?: { errors?: Record<string, string> } }).data?.errors ?? {});
      toast.error(errorMessage(failure, MESSAGES.notificationSettingsFailure));
    }
  }

  const emptyHint = settings.fallback.length > 0 ? `Empty: ${settings.fallback.join(', ')}` : 'Empty: nobody';
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notification settings" className="space-y-6">
      {GROUPS.map((group) => (
        <fieldset key={group} className={`${cardClasses} space-y-4 p-5`}>
          <legend className="px-1 text-lg font-semibold text-gray-900">{group}</legend>
          {NOTIFICATION_ROUTE_FIELDS.filter((field) => field.group === group).map(({ key, label }) => {
            const inputId = `route-${key.replace('.', '-')}`;
            const problem = errors[`routes.${key}`];
            return (
              <div key={key}>
                {/* Named "Contact messages: Sales recipients": "Sales" alone is also a job department. */}
                <label htmlFor={inputId} className={labelClasses}>
                  <span className="sr-only">{group}: </span>
                  {label}
                  <span className="sr-only"> recipients</span>
                </label>
                <input
                  id={inputId}
                  type="text"
                  inputMode="email"
                  autoComplete="off"
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${inputId}-error` : undefined}
                  placeholder={emptyHint}
                  className={inputClasses}
                  value={drafts[key]}
                  onChange={(event) => setDrafts({ ...drafts, [key]: event.target.value })}
                />
                {problem && (
                  <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                    {problem}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
      <button type="submit" className={buttonClasses('primary')} disabled={isSaving}>
        {isSaving ? 'Saving…' : 'Save notification settings'}
      </button>
    </form>
  );
}
