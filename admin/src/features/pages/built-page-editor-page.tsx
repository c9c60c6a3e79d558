import {
  BUILT_PAGE_FIELDS,
  BUILT_PAGE_MESSAGES,
  BUILT_PAGE_SEO_FIELDS,
  builtPagePath,
  MESSAGES,
  validateBuiltPage,
  type BuiltPageDetails,
  type BuiltPageDocument,
  type ContentVersionSummary,
} from '@brightwave/common';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FiCalendar, FiExternalLink, FiEye, FiSave, FiSend, FiTrash2 } from 'react-icons/fi';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { apiUrl } from '../../app/config';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Fields, FormValues } from '../content/content-form';
import { fieldDomId, sameContent, trimmedBy, valueAt, valueChanges } from '../content/content-values';
import { Comparison, VersionsPanel, type ComparedVersions } from '../content/content-versions';
import { LeaveGuard } from '../content/leave-guard';
import { ScheduleDialog } from '../content/schedule-dialog';
import { PreviewLinkNotice, ScheduleNotices } from '../content/publishing-notices';
import { BlocksEditor, newCard, type BlockCard } from './blocks-editor';
import { builtPageFieldAt, builtPageFormPaths, builtPagePathLabel } from './built-page-values';
import { PageNavSection } from './page-nav-section';
import { PageStatus } from './page-status';
import {
  useCancelBuiltPageScheduleMutation,
  useDeleteBuiltPageMutation,
  useGetBuiltPageQuery,
  useGetBuiltPageVersionQuery,
  usePreviewBuiltPageMutation,
  usePublishBuiltPageMutation,
  useRestoreBuiltPageVersionMutation,
  useSaveBuiltPageDraftMutation,
} from './pages-api';
import { PUBLISHING_FAILURES, usePublishing } from '../content/use-publishing';

const FAILURES = { ...PUBLISHING_FAILURES, delete: 'Failed to delete the page' };

const hasErrors = (errors: Record<string, string>) => Object.keys(errors).length > 0;

/** The errors left once a path has changed: its own, and those of what is inside it (blocks and list entries move). */
function withoutErrorsAt(errors: Record<string, string>, path: string): Record<string, string> {
  const kept = Object.entries(errors).filter(([errorPath]) => errorPath !== path && !errorPath.startsWith(`${path}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** An absolute address of the site (the backend that serves the API renders the site's pages too). */
const siteUrl = (path: string) => new URL(apiUrl(path), window.location.href).href;

/** The document as it is saved: texts without the spaces around them, rich text as it is. */
const trimmedPage = (document: BuiltPageDocument) => trimmedBy(builtPageFieldAt, document);

/** The block a path lies in ("blocks.2.heading" → 2), if any. */
const blockIndexOf = (path: string) => /^blocks\.(\d+)(?:\.|$)/.exec(path)?.[1];

/** Pages → one page: its title, address, search fields and blocks; saving, preview, publishing, versions, navigation. */
export function BuiltPageEditorPage() {
  const { id = '' } = useParams();
  // Keyed: another page starts with its own form and state.
  return <BuiltPageLoader key={id} id={id} />;
}

function BuiltPageLoader({ id }: { id: string }) {
  const { data, isLoading, isError, error, refetch } = useGetBuiltPageQuery(id);

  useEffect(() => {
    if (isError) logFailure('page fetch failed', error);
  }, [isError, error]);

  if (data) return <BuiltPageEditor page={data.page} />;
  const missing = isError && 'status' in error && error.status === 404;
  return (
    <>
      <PageHeader title={missing ? BUILT_PAGE_MESSAGES.notFound : 'Page'}>
        <p className="mt-1 text-sm text-gray-700">
          <Link to="/pages" className="font-medium text-blue-800 underline">
            Back to all pages
          </Link>
        </p>
      </PageHeader>
      {isLoading ? <Loading label="Loading the page…" /> : isError && !missing ? <LoadError onRetry={refetch} /> : null}
    </>
  );
}

function BuiltPageEditor({ page }: { page: BuiltPageDetails }) {
  const id = page._id;
  const formId = useId();
  const navigate = useNavigate();
  // The saved draft the form started from (or was last saved or restored as): unsaved changes are what differs.
  const [saved, setSaved] = useState<BuiltPageDocument>(page.draft);
  const [form, setForm] = useState<BuiltPageDocument>(page.draft);
  const [cards, setCards] = useState<BlockCard[]>(() => page.draft.blocks.map(() => newCard(false)));
  // The version the form was loaded or last saved as: a save over someone else's newer one is refused (409).
  const [basedOn, setBasedOn] = useState(page.draftVersionId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [toRestore, setToRestore] = useState<ContentVersionSummary | null>(null);
  const [previewLink, setPreviewLink] = useState<{ href: string; expiresAt: string } | null>(null);
  const [save, { isLoading: saving }] = useSaveBuiltPageDraftMutation();
  const [publishMutation, { isLoading: publishing }] = usePublishBuiltPageMutation();
  const [cancelScheduleMutation, { isLoading: cancelling }] = useCancelBuiltPageScheduleMutation();
  const [restore, { isLoading: restoring }] = useRestoreBuiltPageVersionMutation();
  const [preview, { isLoading: previewing }] = usePreviewBuiltPageMutation();
  const [remove, { isLoading: deleting }] = useDeleteBuiltPageMutation();
  const busy = saving || publishing || cancelling || restoring || previewing || deleting;
  const dirty = !sameContent(form, saved);
  const publishable = page.hasDraft || dirty;

  // After errors are shown, the first field in the form's order that has one takes focus.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  // A deleted page's editor leaves once the guard no longer holds it (its unsaved changes went with the page).
  useEffect(() => {
    if (deleted) navigate('/pages', { replace: true });
  }, [deleted, navigate]);

  function changeForm(next: BuiltPageDocument, changedPath: string) {
    setForm(next);
    setErrors((current) => withoutErrorsAt(current, changedPath));
  }

  /** A document from elsewhere (a restored version) in the form, its blocks' cards closed. */
  function loadDocument(document: BuiltPageDocument) {
    setSaved(document);
    setForm(document);
    setCards(document.blocks.map(() => newCard(false)));
    setErrors({});
  }

  function showErrors(found: Record<string, string>, document: BuiltPageDocument, message: string) {
    setErrors(found);
    // The blocks with an error open, so that it shows beside its field.
    const withErrors = new Set(Object.keys(found).map(blockIndexOf));
    setCards((current) => current.map((card, index) => (withErrors.has(String(index)) ? { ...card, open: true } : card)));
    const first = [...builtPageFormPaths(document)].find((path) => path in found);
    focusAfterRender.current = first ? fieldDomId(first) : null;
    const count = Object.keys(found).length;
    toast.error(`${message} (${count === 1 ? '1 field' : `${count} fields`})`);
  }

  /** Checks and saves the form; whether the draft now holds it. `announce` toasts the success (not when a publish follows). */
  async function saveDraft(announce: boolean): Promise<boolean> {
    const draft = trimmedPage(form);
    const problems = validateBuiltPage(draft);
    if (hasErrors(problems)) {
      showErrors(problems, draft, MESSAGES.contentInvalid);
      return false;
    }
    try {
      const answer = await save({ id, draft, baseVersionId: basedOn }).unwrap();
      setSaved(answer.page.draft);
      setBasedOn(answer.page.draftVersionId);
      // What was typed while the save was on its way stays (and stays unsaved).
      setForm((current) => (current === form ? answer.page.draft : current));
      setErrors({});
      if (announce) toast.success(answer.message);
      return true;
    } catch (failure) {
      const refused = fieldErrorsOf(failure);
      if (hasErrors(refused)) showErrors(refused, draft, errorMessage(failure, MESSAGES.contentInvalid));
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
      const answer = await preview({ id }).unwrap();
      const href = siteUrl(answer.url);
      // Still within the click's user activation, which browsers allow a pop-up; should a blocker stop it anyway,
      // the link shown in Publishing opens it.
      window.open(href, '_blank', 'noopener,noreferrer');
      setPreviewLink({ href, expiresAt: answer.expiresAt });
    } catch (failure) {
      toast.error(errorMessage(failure, FAILURES.preview));
    }
  }

  /** A publish (now or later) refused because the draft no longer fits the rules: its fields are marked. */
  function showRefusedDraft(failure: unknown, fallback: string) {
    const refused = fieldErrorsOf(failure);
    if (hasErrors(refused)) showErrors(refused, trimmedPage(form), errorMessage(failure, fallback));
    else toast.error(errorMessage(failure, fallback));
  }

  const publication = usePublishing({
    dirty,
    saveDraft,
    publish: (at) => publishMutation(at === undefined ? { id } : { id, at }).unwrap(),
    cancelSchedule: () => cancelScheduleMutation({ id }).unwrap(),
    showRefusedDraft,
  });

  async function onRestore() {
    if (!toRestore) return;
    try {
      const answer = await restore({ id, versionId: toRestore._id }).unwrap();
      setBasedOn(answer.page.draftVersionId);
      loadDocument(answer.page.draft);
      toast.success(answer.message);
    } catch (failure) {
      // A version that no longer fits the rules: the fields are named, since they are not in the form.
      const refused = fieldErrorsOf(failure);
      const fields = hasErrors(refused)
        ? `: ${Object.keys(refused)
            .map((path) => builtPagePathLabel(form, path))
            .join('; ')}`
        : '';
      toast.error(`${errorMessage(failure, FAILURES.restore)}${fields}`);
    }
    setToRestore(null);
  }

  async function onDelete() {
    try {
      toast.success((await remove({ id }).unwrap()).message);
      setDeleted(true);
    } catch (failure) {
      toast.error(errorMessage(failure, FAILURES.delete));
    }
    setConfirmingDelete(false);
  }

  const shownPaths = builtPageFormPaths(form);
  const otherErrors = Object.entries(errors).filter(([path]) => !shownPaths.has(path) && path !== 'blocks');
  const slugHintId = `${fieldDomId('slug')}-hint`;
  const liveAddress = page.publishedPath ?? page.path;

  return (
    <>
      <PageHeader
        title={page.draft.title}
        actions={
          <Link to="/pages" className={buttonClasses('secondary')}>
            All pages
          </Link>
        }
      >
        {page.publishedPath && (
          <p className="mt-1 max-w-2xl text-sm text-gray-700">
            At {page.publishedPath}.{' '}
            <a href={siteUrl(page.publishedPath)} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
              View the published page <FiExternalLink aria-hidden="true" className="inline" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        )}
      </PageHeader>

      <section aria-labelledby="publishing-heading" className={`${cardClasses} space-y-2 p-5 text-sm text-gray-800`}>
        <h2 id="publishing-heading" className="text-lg font-semibold text-gray-900">
          Publishing
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <PageStatus page={page} />
          {page.published && page.hasDraft && <span className={badgeClasses('yellow')}>Unpublished changes</span>}
          {dirty && <span className={badgeClasses('red')}>Unsaved changes</span>}
          <span>
            {page.published
              ? `Last published ${page.publishedAt ? formatDateTime(page.publishedAt) : ''}. ${
                  page.hasDraft ? 'The saved draft differs from what visitors see.' : 'Visitors see the saved draft.'
                }`
              : 'Never published: visitors cannot reach the page yet.'}
          </span>
        </div>
        <ScheduleNotices
          scheduledAt={page.scheduledAt}
          scheduledVersionId={page.scheduledVersionId}
          draftVersionId={page.draftVersionId}
          failedSchedule={page.failedSchedule}
          labelOf={(path) => builtPagePathLabel(page.draft, path)}
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
      <form id={formId} onSubmit={onSubmit} noValidate aria-label={`Page ${page.draft.title}`} className="space-y-6 [&_*]:scroll-mt-24">
        {otherErrors.length > 0 && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-medium">These need attention as well:</p>
            <ul className="mt-1 list-disc pl-5">
              {otherErrors.map(([path, message]) => (
                <li key={path}>
                  {builtPagePathLabel(form, path)}: {message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <FormValues value={form} errors={errors} onChange={changeForm}>
          <p className="text-sm text-gray-700">Every field is required unless it is marked optional.</p>
          <fieldset className={`${cardClasses} space-y-4 p-5`}>
            <legend className="px-1 text-lg font-semibold text-gray-900">Page</legend>
            <TextField
              id={fieldDomId('title')}
              label={BUILT_PAGE_FIELDS.title.label}
              aria-required
              maxLength={BUILT_PAGE_FIELDS.title.max}
              value={form.title}
              error={errors.title}
              onChange={(event) => changeForm({ ...form, title: event.target.value }, 'title')}
            />
            <div>
              <TextField
                id={fieldDomId('slug')}
                label={BUILT_PAGE_FIELDS.slug.label}
                aria-required
                aria-describedby={slugHintId}
                maxLength={BUILT_PAGE_FIELDS.slug.max}
                value={form.slug}
                error={errors.slug}
                onChange={(event) => changeForm({ ...form, slug: event.target.value }, 'slug')}
              />
              <p id={slugHintId} className="mt-1 text-xs text-gray-700">
                Lower-case letters, digits and hyphens; parts separated by / (services/cloud-audit). The page's path:{' '}
                <strong>{builtPagePath(form.slug.trim())}</strong>
                {page.publishedPath && page.publishedPath !== builtPagePath(form.slug.trim())
                  ? ` (visitors find it at ${page.publishedPath} until it is published; that address then leads to the new one)`
                  : ''}
              </p>
            </div>
          </fieldset>
          <fieldset className={`${cardClasses} space-y-4 p-5`}>
            <legend className="px-1 text-lg font-semibold text-gray-900">Search and sharing</legend>
            <Fields specs={BUILT_PAGE_SEO_FIELDS} prefix="seo" />
          </fieldset>
          <BlocksEditor
            blocks={form.blocks}
            cards={cards}
            errors={errors}
            onChange={(blocks, nextCards) => {
              changeForm({ ...form, blocks }, 'blocks');
              setCards(nextCards);
            }}
            onToggle={(index) => setCards((current) => current.map((card, at) => (at === index ? { ...card, open: !card.open } : card)))}
          />
        </FormValues>
      </form>

      <VersionsPanel
        page={page}
        title={page.draft.title}
        onRestore={setToRestore}
        comparison={(versions, onClose) => <PageComparison id={id} versions={versions} onClose={onClose} />}
      />

      {/* Keyed by the published state: publishing enables it with the page's navigation as the server has it. */}
      <PageNavSection key={String(page.published !== null)} page={page} />

      <section aria-labelledby="delete-heading" className={`${cardClasses} mt-6 p-5`}>
        <h2 id="delete-heading" className="text-lg font-semibold text-gray-900">
          Delete page
        </h2>
        <p className="mt-1 text-sm text-gray-700">The page leaves the site and the sitemap; its address answers "gone" to visitors and search engines.</p>
        <button type="button" className={buttonClasses('danger', 'mt-3')} disabled={busy} onClick={() => setConfirmingDelete(true)}>
          <FiTrash2 aria-hidden="true" /> Delete page
        </button>
      </section>

      <ConfirmDialog
        open={publication.confirmingPublish}
        title="Publish now"
        message={`Publish the draft of ${page.draft.title} now? Visitors see it within a few seconds.${dirty ? ' Your unsaved changes are saved first.' : ''}${
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
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete page"
        message={`Delete the page ${page.draft.title}? It leaves the site at once: ${liveAddress} answers "gone" to visitors and search engines unless a redirect takes it. Its drafts and versions are deleted with it; this cannot be undone.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={onDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
      <LeaveGuard when={dirty && !deleted} />
    </>
  );
}

/** The values that differ between two versions of the page (both fetched with their documents). */
function PageComparison({ id, versions, onClose }: { id: string; versions: ComparedVersions; onClose: () => void }) {
  const [older, newer] = versions;
  const before = useGetBuiltPageVersionQuery({ id, versionId: older._id });
  const after = useGetBuiltPageVersionQuery({ id, versionId: newer._id });
  const failed = before.isError || after.isError;

  useEffect(() => {
    if (failed) logFailure('page version fetch failed', before.error ?? after.error);
  }, [failed, before.error, after.error]);

  const documents = before.data && after.data ? ([before.data.version.document, after.data.version.document] as const) : undefined;
  return (
    <Comparison
      versions={versions}
      changes={documents && valueChanges(builtPageFieldAt, ...documents)}
      failed={failed}
      onRetry={() => {
        void before.refetch();
        void after.refetch();
      }}
      // A removed block is named as the older version has it.
      label={(path) => (documents ? builtPagePathLabel(valueAt(documents[1], path) === undefined ? documents[0] : documents[1], path) : path)}
      onClose={onClose}
    />
  );
}
