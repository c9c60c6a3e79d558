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
} from '@brightwave/common';
import { useEffect, useId } from 'react';
import { FiExternalLink } from 'react-icons/fi';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, Loading } from '../../components/ui/feedback';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import {
  useCancelContentScheduleMutation,
  useGetContentPageQuery,
  usePreviewContentMutation,
  usePublishContentMutation,
  useRestoreContentVersionMutation,
  useSaveContentDraftMutation,
} from './content-api';
import { ContentForm } from './content-form';
import { formPaths, pathLabel, trimmed } from './content-values';
import { ContentComparison, VersionsPanel } from './content-versions';
import { LeaveGuard } from './leave-guard';
import { PublishingButtons, PublishingDialogs } from './publishing-controls';
import { PublishingNotices } from './publishing-notices';
import { UnshownErrors } from './unshown-errors';
import { siteUrl, useDocumentEditor } from './use-document-editor';

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
  const [save] = useSaveContentDraftMutation();
  const [publish] = usePublishContentMutation();
  const [cancelSchedule] = useCancelContentScheduleMutation();
  const [restore] = useRestoreContentVersionMutation();
  const [preview] = usePreviewContentMutation();
  const editor = useDocumentEditor<ContentFields>({
    loaded: page,
    prepare: (fields) => trimmed(spec, fields),
    validate: (fields) => validateContent(spec, fields),
    formPaths: (fields) => formPaths(spec, fields),
    labelOf: (path) => pathLabel(spec, path),
    save: async (fields, baseVersionId) => {
      const answer = await save({ key, fields, baseVersionId }).unwrap();
      return { message: answer.message, draft: answer.page.draft, draftVersionId: answer.page.draftVersionId };
    },
    publish: (at) => publish(at === undefined ? { key } : { key, at }).unwrap(),
    cancelSchedule: () => cancelSchedule({ key }).unwrap(),
    preview: () => preview({ key }).unwrap(),
    restore: async (id) => {
      const answer = await restore({ key, id }).unwrap();
      return { message: answer.message, draft: answer.page.draft, draftVersionId: answer.page.draftVersionId };
    },
  });
  const { form, errors, dirty, busy } = editor;

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
        </p>
        <PublishingNotices document={page} editor={editor} labelOf={(path) => pathLabel(spec, path)} busy={busy} />
      </section>

      {/* Kept in view while the long form scrolls. */}
      <PublishingButtons editor={editor} busy={busy} formId={formId} className="sticky top-0 z-10 -mx-1 mb-4 flex flex-wrap gap-2 bg-gray-50/95 px-1 py-3" />

      {/* Scrolled to, a control stays clear of the sticky buttons above. */}
      <form id={formId} onSubmit={editor.onSubmit} noValidate aria-label={`Content of ${spec.title}`} className="space-y-6 [&_*]:scroll-mt-24">
        <UnshownErrors errors={otherErrors} labelOf={(path) => pathLabel(spec, path)} />
        <ContentForm spec={spec} value={form} errors={errors} onChange={editor.change} />
      </form>

      <VersionsPanel
        page={page}
        title={spec.title}
        onRestore={editor.askToRestore}
        comparison={(versions, onClose) => <ContentComparison pageKey={key} spec={spec} versions={versions} onClose={onClose} />}
      />

      <PublishingDialogs
        editor={editor}
        busy={busy}
        what={`the draft of ${spec.title}`}
        seenWhere="Visitors see it within a few seconds."
        scheduled={page.scheduledAt !== null}
      />
      <LeaveGuard when={dirty} />
    </>
  );
}
