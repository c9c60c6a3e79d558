import {
  CHAT_KINDS,
  CHAT_KIND_LABELS,
  MAX_LENGTH,
  MESSAGES,
  NOTIFICATION_ROUTE_FIELDS,
  NOTIFICATION_ROUTE_MAX_RECIPIENTS,
  WORK_ITEM_AREAS,
  WORK_ITEM_LABELS,
  canUse,
  perRoute,
  routeKind,
  routeValue,
  type AdminSummary,
  type ChatChannel,
  type ChatKind,
  type NotificationRouteKey,
  type NotificationSettings,
} from '@brightwave/common';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, Loading } from '../../components/ui/feedback';
import { errorAttributes, FieldError, fieldErrorId, inputClasses, labelClasses } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { useGetAdminsQuery } from '../admins/admins-api';
import { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } from './settings-api';
import { SettingsTabs } from './settings-tabs';

/**
 * What the form holds for one route: the typed addresses, the chat channel (the saved one is shown by its host only:
 * its URL is a secret the server never sends back; an empty URL keeps it) and the admins who take turns.
 */
interface RouteDraft {
  recipients: string;
  chatKind: ChatKind | '';
  chatUrl: string;
  savedChat: ChatChannel | null;
  assignees: string[];
}
type Drafts = Record<NotificationRouteKey, RouteDraft>;

const GROUPS = [...new Set(NOTIFICATION_ROUTE_FIELDS.map((field) => field.group))];

const CHAT_URL_PLACEHOLDERS: Record<ChatKind, string> = { slack: 'https://hooks.slack.com/services/…', teams: 'https://…/workflows/…' };

/** The addresses typed in a box: separated by commas, semicolons, spaces or new lines. */
const addressesIn = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

function draftsOf(settings: NotificationSettings): Drafts {
  return Object.fromEntries(
    NOTIFICATION_ROUTE_FIELDS.map(({ key }) => {
      const chat = routeValue(settings.chat, key);
      const draft: RouteDraft = {
        recipients: routeValue(settings.routes, key).join(', '),
        chatKind: chat?.kind ?? '',
        chatUrl: '',
        savedChat: chat,
        assignees: routeValue(settings.assignees, key),
      };
      return [key, draft];
    }),
  ) as Drafts;
}

/** What a route without addresses reaches: NOTIFY_TO, else every active owner, else nobody. */
function emptyRouteHint({ fallback, owners }: Pick<NotificationSettings, 'fallback' | 'owners'>): string {
  if (fallback.length > 0) return `Empty: ${fallback.join(', ')}`;
  return owners.length > 0 ? `${MESSAGES.emptyRouteToOwners} (${owners.join(', ')})` : MESSAGES.emptyRouteToNobody;
}

/** Where the header says an empty route goes. */
function EmptyRouteGoesTo({ fallback, owners }: Pick<NotificationSettings, 'fallback' | 'owners'>) {
  if (fallback.length > 0) return <strong>{fallback.join(', ')}</strong>;
  if (owners.length > 0)
    return (
      <>
        <strong>every owner ({owners.join(', ')})</strong>, as NOTIFY_TO is not set on the server
      </>
    );
  return <strong>nobody: NOTIFY_TO is not set on the server and no owner is active</strong>;
}

/**
 * Settings → Notifications: which staff addresses get each kind of submission (an empty route uses NOTIFY_TO, else
 * every active owner), the Slack or Teams channel a route also posts to, and the admins who take its new items in turn.
 */
export function NotificationSettingsPage() {
  const { data, isLoading, isError, error, refetch } = useGetNotificationSettingsQuery();

  useEffect(() => {
    if (isError) logFailure('notification settings fetch failed', error);
  }, [isError, error]);

  return (
    <>
      <PageHeader title="Notification settings">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Who on the staff is told of each new quote request, contact message and job application. Separate addresses with commas (at most{' '}
          {NOTIFICATION_ROUTE_MAX_RECIPIENTS} per route).
          {data && (
            <>
              {' '}
              An empty route goes to <EmptyRouteGoesTo fallback={data.settings.fallback} owners={data.settings.owners} />.
            </>
          )}
        </p>
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          A route can also post to a Slack or Microsoft Teams channel (the URL of its incoming webhook or workflow), and hand its new items to the admins you
          tick, one after the other; a disabled admin is skipped. Suspected spam is never posted or assigned.
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

/** One block per route, filled from the settings as loaded; saving shows the settings as the server stored them. */
function RoutesForm({ settings }: { settings: NotificationSettings }) {
  const [save, { isLoading: isSaving }] = useSaveNotificationSettingsMutation();
  const admins = useGetAdminsQuery();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (admins.isError) logFailure('admins fetch failed', admins.error);
  }, [admins.isError, admins.error]);

  const change = (key: NotificationRouteKey, patch: Partial<RouteDraft>) => setDrafts((current) => ({ ...current, [key]: { ...current[key], ...patch } }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const draftOf = (key: NotificationRouteKey) => drafts[key];
    try {
      const answer = await save({
        routes: perRoute((key) => addressesIn(draftOf(key).recipients)),
        chat: perRoute((key) => {
          const { chatKind, chatUrl, savedChat } = draftOf(key);
          if (!chatKind) return null;
          // No URL typed over the saved channel of that service: keep it.
          return chatUrl.trim() === '' && savedChat?.kind === chatKind ? { kind: chatKind } : { kind: chatKind, url: chatUrl.trim() };
        }),
        assignees: perRoute((key) => draftOf(key).assignees),
      }).unwrap();
      setErrors({});
      setDrafts(draftsOf(answer.settings));
      toast.success(answer.message);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, MESSAGES.notificationSettingsFailure));
    }
  }

  const emptyHint = emptyRouteHint(settings);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Notification settings" className="space-y-6">
      {GROUPS.map((group) => (
        <fieldset key={group} className={`${cardClasses} space-y-4 p-5`}>
          <legend className="px-1 text-lg font-semibold text-gray-900">{group}</legend>
          {NOTIFICATION_ROUTE_FIELDS.filter((field) => field.group === group).map(({ key, label }) => {
            const inputId = `route-${key.replace('.', '-')}`;
            const problem = errors[`routes.${key}`];
            return (
              <div key={key} className="space-y-3 border-t border-gray-200 pt-4 first-of-type:border-t-0 first-of-type:pt-0">
                <div>
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
                    {...errorAttributes(inputId, problem)}
                    placeholder={emptyHint}
                    className={inputClasses}
                    value={drafts[key].recipients}
                    onChange={(event) => change(key, { recipients: event.target.value })}
                  />
                  <FieldError controlId={inputId} error={problem} />
                </div>
                <ChatFields
                  routeName={`${group}: ${label}`}
                  idBase={inputId}
                  draft={drafts[key]}
                  problem={errors[`chat.${key}`]}
                  onChange={(patch) => change(key, patch)}
                />
                <AssigneePicker
                  routeKey={key}
                  routeName={`${group}: ${label}`}
                  idBase={inputId}
                  chosen={drafts[key].assignees}
                  admins={admins.data?.admins}
                  adminsFailed={admins.isError}
                  problem={errors[`assignees.${key}`]}
                  onChange={(assignees) => change(key, { assignees })}
                />
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

/** The chat channel of one route: none, Slack or Teams, and the URL of its webhook once a service is chosen. */
function ChatFields({
  routeName,
  idBase,
  draft,
  problem,
  onChange,
}: {
  routeName: string;
  idBase: string;
  draft: RouteDraft;
  problem: string | undefined;
  onChange: (patch: Partial<RouteDraft>) => void;
}) {
  const [kindId, urlId, savedId] = [`${idBase}-chat`, `${idBase}-chat-url`, `${idBase}-chat-saved`];
  // The error is the chat's (the service or its URL): shown under both, and it describes the URL.
  const errorId = fieldErrorId(kindId);
  const saved = draft.savedChat?.kind === draft.chatKind ? draft.savedChat : null;
  const describedBy = [problem ? errorId : '', saved ? savedId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
      <div>
        <label htmlFor={kindId} className={labelClasses}>
          <span className="sr-only">{routeName}: </span>
          Chat
        </label>
        <select id={kindId} className={inputClasses} value={draft.chatKind} onChange={(event) => onChange({ chatKind: event.target.value as ChatKind | '' })}>
          <option value="">None</option>
          {CHAT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CHAT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      {draft.chatKind && (
        <div>
          <label htmlFor={urlId} className={labelClasses}>
            <span className="sr-only">{routeName}: </span>
            {CHAT_KIND_LABELS[draft.chatKind]} webhook URL
          </label>
          <input
            id={urlId}
            type="url"
            autoComplete="off"
            maxLength={MAX_LENGTH.url}
            placeholder={saved ? 'Saved: type a new URL to replace it' : CHAT_URL_PLACEHOLDERS[draft.chatKind]}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            className={inputClasses}
            value={draft.chatUrl}
            onChange={(event) => onChange({ chatUrl: event.target.value })}
          />
          {saved && (
            <p id={savedId} className="mt-1 text-sm text-gray-700">
              Posts to a channel at {saved.host}. The URL is kept secret; leave this empty to keep it.
            </p>
          )}
        </div>
      )}
      <div className="sm:col-span-2">
        <FieldError controlId={kindId} error={problem} />
      </div>
    </div>
  );
}

/**
 * The admins who take a route's new items in turn: a box per admin whose role covers the route's items (a disabled
 * one says it is skipped), and any chosen one whose role no longer does, so it can be taken out.
 */
function AssigneePicker({
  routeKey,
  routeName,
  idBase,
  chosen,
  admins,
  adminsFailed,
  problem,
  onChange,
}: {
  routeKey: NotificationRouteKey;
  routeName: string;
  idBase: string;
  chosen: string[];
  admins: AdminSummary[] | undefined;
  adminsFailed: boolean;
  problem: string | undefined;
  onChange: (assignees: string[]) => void;
}) {
  const kind = routeKind(routeKey);
  const items = `${WORK_ITEM_LABELS[kind].toLowerCase()}s`;
  const groupId = `${idBase}-assignees`;
  const covers = (admin: AdminSummary) => canUse(admin.role, WORK_ITEM_AREAS[kind]);
  // The screen's order is the order of the turns: the admins who may take these items, then any chosen one who no longer may.
  const listed = [...(admins ?? []).filter(covers), ...(admins ?? []).filter((admin) => !covers(admin) && chosen.includes(admin.id))];
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    const listedIds = listed.map((admin) => admin.id);
    // Ids the list does not show (the admins could not be loaded) are kept as they were.
    onChange([...listedIds.filter((listedId) => next.has(listedId)), ...chosen.filter((chosenId) => next.has(chosenId) && !listedIds.includes(chosenId))]);
  };
  return (
    <fieldset aria-describedby={problem ? fieldErrorId(groupId) : undefined}>
      <legend className={labelClasses}>
        <span className="sr-only">{routeName}: </span>
        Assign new {items} in turn to
      </legend>
      {adminsFailed ? (
        <p className="text-sm text-gray-700">The list of admins could not be loaded; the admins chosen so far are kept.</p>
      ) : !admins ? (
        <p className="text-sm text-gray-700">Loading admins…</p>
      ) : (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {listed.map((admin) => {
            const note = !covers(admin) ? ' (role no longer covers these)' : admin.disabled ? ' (disabled: skipped)' : '';
            return (
              <label key={admin.id} className="flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" className="h-4 w-4" checked={chosen.includes(admin.id)} onChange={(event) => toggle(admin.id, event.target.checked)} />
                {admin.name}
                {note && <span className="text-gray-600">{note}</span>}
              </label>
            );
          })}
          {chosen.length === 0 && <span className="text-sm text-gray-600">Nobody ticked: new {items} arrive unowned.</span>}
        </div>
      )}
      <FieldError controlId={groupId} error={problem} />
    </fieldset>
  );
}
