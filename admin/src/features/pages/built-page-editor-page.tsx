import {
  BUILT_PAGE_FIELDS,
  BUILT_PAGE_MESSAGES,
  BUILT_PAGE_SEO_FIELDS,
  builtPagePath,
  validateBuiltPage,
  type BuiltPageDetails,
  type BuiltPageDocument,
} from '@brightwave/common';
import { useEffect, useId, useState } from 'react';
import { FiExternalLink, FiTrash2 } from 'react-icons/fi';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, logFailure } from '../../lib/api-error';
import { Fields, FormValues } from '../content/content-form';
import { fieldDomId, trimmedBy } from '../content/content-values';
import { DocumentComparison, VersionsPanel } from '../content/content-versions';
import { LeaveGuard } from '../content/leave-guard';
import { PublishingButtons, PublishingDialogs } from '../content/publishing-controls';
import { PublishingNotices } from '../content/publishing-notices';
import { UnshownErrors } from '../content/unshown-errors';
import { siteUrl, useDocumentEditor } from '../content/use-document-editor';
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

const FAILURES = { delete: 'Failed to delete the page' };

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
  const [cards, setCards] = useState<BlockCard[]>(() => page.draft.blocks.map(() => newCard(false)));
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [save] = useSaveBuiltPageDraftMutation();
  const [publish] = usePublishBuiltPageMutation();
  const [cancelSchedule] = useCancelBuiltPageScheduleMutation();
  const [restore] = useRestoreBuiltPageVersionMutation();
  const [preview] = usePreviewBuiltPageMutation();
  const [remove, { isLoading: deleting }] = useDeleteBuiltPageMutation();
  const editor = useDocumentEditor<BuiltPageDocument>({
    loaded: page,
    prepare: trimmedPage,
    validate: validateBuiltPage,
    formPaths: builtPageFormPaths,
    labelOf: (path, form) => builtPagePathLabel(form, path),
    // The blocks with an error open, so that it shows beside its field.
    onErrorsShown: (found) => {
      const withErrors = new Set(Object.keys(found).map(blockIndexOf));
      setCards((current) => current.map((card, index) => (withErrors.has(String(index)) ? { ...card, open: true } : card)));
    },
    // A restored version's blocks show as closed cards.
    onRestored: (draft) => setCards(draft.blocks.map(() => newCard(false))),
    save: async (draft, baseVersionId) => {
      const answer = await save({ id, draft, baseVersionId }).unwrap();
      return { message: answer.message, draft: answer.page.draft, draftVersionId: answer.page.draftVersionId };
    },
    publish: (at) => publish(at === undefined ? { id } : { id, at }).unwrap(),
    cancelSchedule: () => cancelSchedule({ id }).unwrap(),
    preview: () => preview({ id }).unwrap(),
    restore: async (versionId) => {
      const answer = await restore({ id, versionId }).unwrap();
      return { message: answer.message, draft: answer.page.draft, draftVersionId: answer.page.draftVersionId };
    },
  });
  const { form, errors, dirty } = editor;
  const busy = editor.busy || deleting;
  const changeForm = editor.change;

  // A deleted page's editor leaves once the guard no longer holds it (its unsaved changes went with the page).
  useEffect(() => {
    if (deleted) navigate('/pages', { replace: true });
  }, [deleted, navigate]);

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
        </div>
        <PublishingNotices document={page} editor={editor} labelOf={(path) => builtPagePathLabel(page.draft, path)} busy={busy} />
      </section>

      {/* Kept in view while the long form scrolls. */}
      <PublishingButtons editor={editor} busy={busy} formId={formId} className="sticky top-0 z-10 -mx-1 mb-4 flex flex-wrap gap-2 bg-gray-50/95 px-1 py-3" />

      {/* Scrolled to, a control stays clear of the sticky buttons above. */}
      <form id={formId} onSubmit={editor.onSubmit} noValidate aria-label={`Page ${page.draft.title}`} className="space-y-6 [&_*]:scroll-mt-24">
        <UnshownErrors errors={otherErrors} labelOf={(path) => builtPagePathLabel(form, path)} />
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
        onRestore={editor.askToRestore}
        comparison={(versions, onClose) => (
          <DocumentComparison<BuiltPageDocument, { id: string; versionId: string }>
            versions={versions}
            useVersionQuery={useGetBuiltPageVersionQuery}
            argsOf={(versionId) => ({ id, versionId })}
            fieldOf={builtPageFieldAt}
            label={(path, document) => builtPagePathLabel(document, path)}
            onClose={onClose}
          />
        )}
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

      <PublishingDialogs
        editor={editor}
        busy={busy}
        what={`the draft of ${page.draft.title}`}
        seenWhere="Visitors see it within a few seconds."
        scheduled={page.scheduledAt !== null}
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
