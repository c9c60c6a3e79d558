// A news post's editor (docs/features/news.md): its fields from POST_FIELDS with the content form's components, saved
// as a draft, previewed, published now or at a set time, its versions restored; its own chunk (news-routes.tsx).
import { POST_FIELDS, validatePost, type PostDetails, type PostDocument } from '@brightwave/common';
import { useState } from 'react';
import { FiExternalLink, FiTrash2 } from 'react-icons/fi';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Fields, FormValues } from '../content/content-form';
import { fieldsDocument, trimmedBy } from '../content/content-values';
import { DocumentComparison, VersionsPanel } from '../content/content-versions';
import { LeaveGuard } from '../content/leave-guard';
import { PublishingButtons, PublishingDialogs } from '../content/publishing-controls';
import { PublishingNotices } from '../content/publishing-notices';
import { siteUrl, useDocumentEditor } from '../content/use-document-editor';
import {
  useCancelPostScheduleMutation,
  useDeletePostMutation,
  useGetPostQuery,
  useGetPostVersionQuery,
  usePreviewPostMutation,
  usePublishPostMutation,
  useRestorePostVersionMutation,
  useSavePostDraftMutation,
} from './news-api';

const STATUS_LABELS = { draft: 'Not published', published: 'Published', scheduled: 'Scheduled' } as const;
const STATUS_COLORS = { draft: 'yellow', published: 'green', scheduled: 'blue' } as const;

const postFields = fieldsDocument(POST_FIELDS);

export function PostEditorPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError, refetch } = useGetPostQuery(id);
  // Keyed: another post starts with its own form and state.
  if (data) return <PostEditor key={data.post._id} post={data.post} />;
  if (isLoading) return <Loading label="Loading the post…" />;
  return isError ? <LoadError onRetry={refetch} /> : null;
}

function PostEditor({ post }: { post: PostDetails }) {
  const id = post._id;
  const navigate = useNavigate();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [save] = useSavePostDraftMutation();
  const [publish] = usePublishPostMutation();
  const [cancelSchedule] = useCancelPostScheduleMutation();
  const [preview] = usePreviewPostMutation();
  const [restore] = useRestorePostVersionMutation();
  const [remove, { isLoading: deleting }] = useDeletePostMutation();
  const editor = useDocumentEditor<PostDocument>({
    loaded: post,
    prepare: (draft) => trimmedBy(postFields.fieldAt, draft),
    validate: validatePost,
    formPaths: postFields.formPaths,
    labelOf: postFields.labelOf,
    save: async (draft, baseVersionId) => {
      const answer = await save({ id, draft, baseVersionId }).unwrap();
      return { message: answer.message, draft: answer.post.draft, draftVersionId: answer.post.draftVersionId };
    },
    publish: (at) => publish(at === undefined ? { id } : { id, at }).unwrap(),
    cancelSchedule: () => cancelSchedule({ id }).unwrap(),
    preview: () => preview({ id }).unwrap(),
    restore: async (versionId) => {
      const answer = await restore({ id, versionId }).unwrap();
      return { message: answer.message, draft: answer.post.draft, draftVersionId: answer.post.draftVersionId };
    },
  });
  const busy = editor.busy || deleting;

  async function onDelete() {
    try {
      const answer = await remove({ id }).unwrap();
      setDeleted(true);
      toast.success(answer.message);
      navigate('/news');
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to delete the post'));
      setConfirmingDelete(false);
    }
  }

  return (
    <>
      <PageHeader title={`Post: ${post.draft.title}`}>
        <p className="mt-1 text-sm text-gray-700">
          <Link to="/news" className="text-blue-800 underline">
            All posts
          </Link>
        </p>
      </PageHeader>
      <div className="space-y-6">
        <section aria-label="Publishing" className={`${cardClasses} space-y-3 p-4 text-sm text-gray-800`}>
          <p className="flex flex-wrap items-center gap-2">
            <span className={badgeClasses(STATUS_COLORS[post.status])}>{STATUS_LABELS[post.status]}</span>
            {post.published && post.hasDraft && <span className={badgeClasses('yellow')}>Unpublished changes</span>}
            {editor.dirty && <span className={badgeClasses('red')}>Unsaved changes</span>}
            {post.publishedPath && (
              <a href={siteUrl(post.publishedPath)} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
                View {post.publishedPath} <FiExternalLink aria-hidden="true" className="inline" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </p>
          <p>
            {post.publishedAt
              ? `First published ${formatDateTime(post.publishedAt)}: the date readers see.`
              : 'Not published yet: it shows on /news, in the feed and the sitemap once published.'}{' '}
            A new address takes effect when published; the old one then leads to it.
          </p>
          <PublishingNotices document={post} editor={editor} labelOf={postFields.labelOf} busy={busy} />
        </section>
        <form onSubmit={editor.onSubmit} noValidate aria-label={`Post ${post.draft.title}`} className={`${cardClasses} space-y-4 p-4`}>
          <FormValues value={editor.form} errors={editor.errors} onChange={editor.change}>
            <Fields specs={POST_FIELDS} prefix="" />
          </FormValues>
          <PublishingButtons editor={editor} busy={busy} className="flex flex-wrap gap-2 border-t border-gray-200 pt-4">
            <button type="button" className={buttonClasses('danger')} disabled={busy} onClick={() => setConfirmingDelete(true)}>
              <FiTrash2 aria-hidden="true" /> Delete post
            </button>
          </PublishingButtons>
        </form>
      </div>
      <VersionsPanel
        page={post}
        title={post.draft.title}
        onRestore={editor.askToRestore}
        comparison={(versions, onClose) => (
          <DocumentComparison<PostDocument, { id: string; versionId: string }>
            versions={versions}
            useVersionQuery={useGetPostVersionQuery}
            argsOf={(versionId) => ({ id, versionId })}
            fieldOf={postFields.fieldAt}
            label={postFields.labelOf}
            onClose={onClose}
          />
        )}
      />
      <PublishingDialogs
        editor={editor}
        busy={busy}
        what={post.draft.title}
        seenWhere="It shows on /news and in the feed within a few seconds."
        scheduled={post.scheduledAt !== null}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete post"
        message={`Delete the post ${post.draft.title}? It leaves /news, the feed and the sitemap at once, with its drafts and versions; this cannot be undone.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={onDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
      <LeaveGuard when={editor.dirty && !deleted} />
    </>
  );
}
