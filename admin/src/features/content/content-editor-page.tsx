import {
  CONTENT_PAGES,
  contentPagePath,
  isContentKey,
  MESSAGES,
  validateContent,
  type ContentFields,
  type ContentKey,
  type ContentPageDetails,
  type ContentPageSpec,
  type ContentVersionSummary,
} from '@brightwave/common';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FiCalendar, FiExternalLink, FiEye, FiSave, FiSend } from 'react-icons/fi';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { apiUrl } from '../../app/config';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import {
  useCancelContentScheduleMutation,
  useGetContentPageQuery,
  usePreviewContentMutation,
  usePublishContentMutation,
  useRestoreContentVersionMutation,
  useSaveContentDraftMutation,
} from './content-api';
import { ContentForm } from './content-form';
import { fieldDomId, formPaths, pathLabel, sameContent, trimmed } from './content-values';
import { ContentComparison, VersionsPanel } from './content-versions';
import { LeaveGuard } from './leave-guard';
import { ScheduleDialog } from './schedule-dialog';
import { PreviewLinkNotice, ScheduleNotices } from './publishing-notices';
import { PUBLISHING_FAILURES, usePublishing } from './use-publishing';

const FAILURES = PUBLISHING_FAILURES;

const hasErrors = (errors: Record<string, string>) => Object.keys(errors).length > 0;

/** The errors left once a path has changed: its own, and those of what is inside it (a list's entries move). */
function withoutErrorsAt(errors: Record<string, string>, path: string): Record<string, string> {
  const kept = Object.entries(errors).filter(([errorPath]) => errorPath !== path && !errorPath.startsWith(`${path}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** An absolute address of the site (the backend that serves the API renders the site's pages too). */
const siteUrl = (path: string) => new URL(apiUrl(path), window.location.href).href;

/** Content → one page: its form built from the page's spec, saving, preview, publishing now or later, versions. */
export function ContentEditorPage() {
  const { key } = useParams();
  if (!key || !isContentKey(key)) {
    return (
      <PageHeader title={MESSAGES.contentPageNotFound}>
        <p className="mt-1 text-sm text-gray-700">
          <Link to="/content" className="font-medium text-blue-800 underline">
            Back to all content pages
          </Link>
        </p>
      </PageHeader>
    );
  }
  // Keyed: another page starts with its own form and state.
  return <ContentPageLoader key={key} pageKey={key} />;
}

function ContentPageLoader({ pageKey }: { pageKey: ContentKey }) {
  const spec = CONTENT_PAGES[pageKey];
  const { data, isLoading, isError, error, refetch } = useGetContentPageQuery(pageKey);

  useEffect(() => {
    if (isError) logFailure('content page fetch failed', error);
  }, [isError, error]);

  if (data) return <ContentEditor spec={spec} page={data.page} />;
  return (
    <>
      <PageHeader title={spec.title} />
      {isLoading ? <Loading label="Loading the page's content…" /> : isError ? <LoadError onRetry={refetch} /> : null}
    </>
  );
}

function ContentEditor({ spec, page }: { spec: ContentPageSpec; page: ContentPageDetails }) {
  const key = page.key;
  const formId = useId();
  // The saved draft the form started from (or was last saved or restored as): unsaved changes are what differs.
  const [saved, setSaved] = useState<ContentFields>(page.draft);
  const [form, setForm] = useState<ContentFields>(page.draft);
  // The version the form was loaded or last saved as: a save over someone else's newer one is refused (409).
  const [basedOn, setBasedOn] = useState(page.draftVersionId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [toRestore, setToRestore] = useState<ContentVersionSummary | null>(null);
  const [previewLink, setPreviewLink] = useState<{ href: string; expiresAt: string } | null>(null);
  const [save, { isLoading: saving }] = useSaveContentDraftMutation();
  const [publishMutation, { isLoading: publishing }] = usePublishContentMutation();
  const [cancelScheduleMutation, { isLoading: cancelling }] = useCancelContentScheduleMutation();
  const [restore, { isLoading: restoring }] = useRestoreContentVersionMutation();
  const [preview, { isLoading: previewing }] = usePreviewContentMutation();
  const busy = saving || publishing || cancelling || restoring || previewing;
  const dirty = !sameContent(form, saved);
  const publishable = page.hasDraft || dirty;

  // After errors are shown, the first field in the form's order that has one takes focus.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  function showErrors(found: Record<string, string>, fields: ContentFields, message: string) {
    setErrors(found);
    const first = [...formPaths(spec, fields)].find((path) => path in found);
    focusAfterRender.current = first ? fieldDomId(first) : null;
    const count = Object.keys(found).length;
    toast.error(`${message} (${count === 1 ? '1 field' : `${count} fields`})`);
  }

  /** Checks and saves the form; whether the draft now holds it. `announce` toasts the success (not when a publish follows). */
  async function saveDraft(announce: boolean): Promise<boolean> {
    const fields = trimmed(spec, form);
    const problems = validateContent(spec, fields);
    if (Object.keys(problems).length > 0) {
      showErrors(problems, fields, MESSAGES.contentInvalid);
      return false;
    }
    try {
      const answer = await save({ key, fields, baseVersionId: basedOn }).unwrap();
      setSaved(answer.page.draft);
      setBasedOn(answer.page.draftVersionId);
      // What was typed while the save was on its way stays (and stays unsaved).
      setForm((current) => (current === form ? answer.page.draft : current));
      setErrors({});
      if (announce) toast.success(answer.message);
      return true;
    } catch (failure) {
      const refused = fieldErrorsOf(failure);
      if (hasErrors(refused)) showErrors(refused, fields, errorMessage(failure, MESSAGES.contentInvalid));
      else toast.error(errorMessage(failure, FAILURES.save));
      return false;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void saveDraft(true);
  }

  async function onPreview() {
    if (dirty && !(await saveDraft(false))) return;
    try {
      const answer = await preview({ key }).unwrap();
      const href = siteUrl(answer.url);
      // Still within the click's user activation, which browsers allow a pop-up; should a blocker stop it anyway,
      // the link shown in Publishing opens it.
      window.open(href, '_blank', 'noopener,noreferrer');
      setPreviewLink({ href, expiresAt: answer.expiresAt });
    } catch (failure) {
      toast.error(errorMessage(failure, FAILURES.preview));
    }
  }

  /** A publish (now or later) refused because the draft no longer fits the page's rules: its fields are marked. */
  function showRefusedDraft(failure: unknown, fallback: string) {
    const refused = fieldErrorsOf(failure);
    if (hasErrors(refused)) showErrors(refused, trimmed(spec, form), errorMessage(failure, fallback));
    else toast.error(errorMessage(failure, fallback));
  }

  const publication = usePublishing({
    dirty,
    saveDraft,
    publish: (at) => publishMutation(at === undefined ? { key } : { key, at }).unwrap(),
    cancelSchedule: () => cancelScheduleMutation({ key }).unwrap(),
    showRefusedDraft,
  });

  async function onRestore() {
    if (!toRestore) return;
    try {
      const answer = await restore({ key, id: toRestore._id }).unwrap();
      setSaved(answer.page.draft);
      setBasedOn(answer.page.draftVersionId);
      setForm(answer.page.draft);
      setErrors({});
      toast.success(answer.message);
    } catch (failure) {
      // A version that no longer fits the page's rules: the fields are named, since they are not in the form.
      const refused = fieldErrorsOf(failure);
      const fields = hasErrors(refused)
        ? `: ${Object.keys(refused)
            .map((path) => pathLabel(spec, path))
            .join('; ')}`
        : '';
      toast.error(`${errorMessage(failure, FAILURES.restore)}${fields}`);
    }
    setToRestore(null);
  }

  const shownPaths = formPaths(spec, form);
  const otherErrors = Object.entries(errors).filter(([path]) => !shownPaths.has(path));

  return (
    <>
      <PageHeader
        title={spec.title}
        actions={
          <Link to="/content" className={buttonClasses('secondary')}>
            All content pages
          </Link>
        }
      >
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Shown on {spec.paths.includes('*') ? 'every page of the site' : spec.paths.join(', ')}.{' '}
          <a href={siteUrl(contentPagePath(key))} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
            View the published page <FiExternalLink aria-hidden="true" className="inline" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </PageHeader>

      <section aria-labelledby="publishing-heading" className={`${cardClasses} space-y-2 p-5 text-sm text-gray-800`}>
        <h2 id="publishing-heading" className="text-lg font-semibold text-gray-900">
          Publishing
        </h2>
        <p className="flex flex-wrap items-center gap-2">
          {page.hasDraft ? <span className={badgeClasses('yellow')}>Unpublished changes</span> : <span className={badgeClasses('green')}>Published</span>}
          {dirty && <span className={badgeClasses('red')}>Unsaved changes</span>}
          <span>
            {page.hasDraft ? 'The saved draft differs from what visitors see.' : 'Visitors see the saved draft.'}{' '}
            {page.publishedAt
              ? `Last published ${formatDateTime(page.publishedAt)}.`
              : 'Never published: visitors see the content the site was installed with.'}
          </span>
        </p>
        <ScheduleNotices
          scheduledAt={page.scheduledAt}
          scheduledVersionId={page.scheduledVersionId}
          draftVersionId={page.draftVersionId}
          failedSchedule={page.failedSchedule}
          labelOf={(path) => pathLabel(spec, path)}
          busy={busy}
          onCancel={publication.cancel}
        />
        <PreviewLinkNotice link={previewLink} />
      </section>

      {/* Kept in view while the long form scrolls. */}
      <div className="sticky top-0 z-10 -mx-1 mb-4 flex flex-wrap gap-2 bg-gray-50/95 px-1 py-3">
        <button type="submit" form={formId} className={buttonClasses('secondary')} disabled={!dirty || busy}>
          <FiSave aria-hidden="true" /> {saving ? 'Saving…' : 'Save draft'}
        </button>
        <button type="button" className={buttonClasses('secondary')} disabled={busy} onClick={onPreview}>
          <FiEye aria-hidden="true" /> Preview
        </button>
        <button type="button" className={buttonClasses('primary')} disabled={!publishable || busy} onClick={publication.askToPublish}>
          <FiSend aria-hidden="true" /> Publish now
        </button>
        <button type="button" className={buttonClasses('secondary')} disabled={!publishable || busy} onClick={publication.openSchedule}>
          <FiCalendar aria-hidden="true" /> Schedule…
        </button>
      </div>

      {/* Scrolled to, a control stays clear of the sticky buttons above. */}
      <form id={formId} onSubmit={onSubmit} noValidate aria-label={`Content of ${spec.title}`} className="space-y-6 [&_*]:scroll-mt-24">
        {otherErrors.length > 0 && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-medium">These need attention as well:</p>
            <ul className="mt-1 list-disc pl-5">
              {otherErrors.map(([path, message]) => (
                <li key={path}>
                  {pathLabel(spec, path)}: {message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <ContentForm
          spec={spec}
          value={form}
          errors={errors}
          onChange={(next, changedPath) => {
            setForm(next);
            setErrors((current) => withoutErrorsAt(current, changedPath));
          }}
        />
      </form>

      <VersionsPanel
        page={page}
        title={spec.title}
        onRestore={setToRestore}
        comparison={(versions, onClose) => <ContentComparison pageKey={key} spec={spec} versions={versions} onClose={onClose} />}
      />

      <ConfirmDialog
        open={publication.confirmingPublish}
        title="Publish now"
        message={`Publish the draft of ${spec.title} now? Visitors see it within a few seconds.${dirty ? ' Your unsaved changes are saved first.' : ''}${
          page.scheduledAt ? ' The scheduled publish is cancelled.' : ''
        }`}
        confirmLabel="Publish"
        busy={busy}
        onConfirm={publication.publishNow}
        onCancel={publication.stopAskingToPublish}
      />
      <ScheduleDialog
        open={publication.scheduling}
        dirty={dirty}
        busy={busy}
        serverError={publication.scheduleError}
        onSchedule={publication.schedule}
        onClose={publication.closeSchedule}
      />
      <ConfirmDialog
        open={toRestore !== null}
        title="Restore version"
        message={`Make this version the draft? The current draft stays in the history, and nothing is published until you publish it.${
          dirty ? ' Your unsaved changes are lost.' : ''
        }`}
        confirmLabel="Restore"
        busy={busy}
        onConfirm={onRestore}
        onCancel={() => setToRestore(null)}
      />
      <LeaveGuard when={dirty} />
    </>
  );
}
