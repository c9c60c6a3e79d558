// A news post's editor (docs/features/news.md): its fields from POST_FIELDS with the content form's components, saved
// as a draft, previewed, published now or at a set time, its versions restored; its own chunk (news-routes.tsx).
import { MESSAGES, POST_FIELDS, validatePost, type ContentVersionSummary, type PostDetails, type PostDocument } from '@brightwave/common';
import { useState, type FormEvent } from 'react';
import { FiCalendar, FiExternalLink, FiEye, FiSave, FiSend, FiTrash2 } from 'react-icons/fi';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { apiUrl } from '../../app/config';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Fields, FormValues } from '../content/content-form';
import { sameContent } from '../content/content-values';
import { LeaveGuard } from '../content/leave-guard';
import { PreviewLinkNotice, ScheduleNotices } from '../content/publishing-notices';
import { ScheduleDialog } from '../content/schedule-dialog';
import { PUBLISHING_FAILURES, usePublishing } from '../content/use-publishing';
import {
  useCancelPostScheduleMutation,
  useDeletePostMutation,
  useGetPostQuery,
  usePreviewPostMutation,
  usePublishPostMutation,
  useRestorePostVersionMutation,
  useSavePostDraftMutation,
} from './news-api';

const STATUS_LABELS = { draft: 'Not published', published: 'Published', scheduled: 'Scheduled' } as const;
const STATUS_COLORS = { draft: 'yellow', published: 'green', scheduled: 'blue' } as const;

/** An absolute address of the site (the backend that serves the API renders the site's pages too). */
const siteUrl = (path: string) => new URL(apiUrl(path), window.location.href).href;

const labelOf = (path: string) => (POST_FIELDS as Record<string, { label: string }>)[path.split('.')[0] ?? '']?.label ?? path;

export function PostEditorPage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError, refetch } = useGetPostQuery(id);
  if (data) return <PostEditor key={data.post.draftVersionId} post={data.post} />;
  if (isLoading) return <Loading label="Loading the post…" />;
  return isError ? <LoadError onRetry={refetch} /> : null;
}

function PostEditor({ post }: { post: PostDetails }) {
  const id = post._id;
  const navigate = useNavigate();
  const [form, setForm] = useState<PostDocument>(post.draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [toRestore, setToRestore] = useState<ContentVersionSummary | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [previewLink, setPreviewLink] = useState<{ href: string; expiresAt: string } | null>(null);
  const [save, { isLoading: saving }] = useSavePostDraftMutation();
  const [publishMutation, { isLoading: publishing }] = usePublishPostMutation();
  const [cancelScheduleMutation, { isLoading: cancelling }] = useCancelPostScheduleMutation();
  const [preview, { isLoading: previewing }] = usePreviewPostMutation();
  const [restore, { isLoading: restoring }] = useRestorePostVersionMutation();
  const [remove, { isLoading: deleting }] = useDeletePostMutation();
  const busy = saving || publishing || cancelling || previewing || restoring || deleting;
  const dirty = !sameContent(form, post.draft);

  function showErrors(found: Record<string, string>, message: string) {
    setErrors(found);
    const count = Object.keys(found).length;
    toast.error(`${message} (${count === 1 ? '1 field' : `${count} fields`})`);
  }

  /** Checks and saves the form; whether the draft now holds it. */
  async function saveDraft(announce: boolean): Promise<boolean> {
    const problems = validatePost(form);
    if (Object.keys(problems).length > 0) {
      showErrors(problems, MESSAGES.contentInvalid);
      return false;
    }
    try {
      const answer = await save({ id, draft: form, baseVersionId: post.draftVersionId }).unwrap();
      setErrors({});
      if (announce) toast.success(answer.message);
      return true;
    } catch (failure) {
      const refused = fieldErrorsOf(failure);
      if (Object.keys(refused).length > 0) showErrors(refused, errorMessage(failure, MESSAGES.contentInvalid));
      else toast.error(errorMessage(failure, PUBLISHING_FAILURES.save));
      return false;
    }
  }

  function showRefusedDraft(failure: unknown, fallback: string) {
    const refused = fieldErrorsOf(failure);
    if (Object.keys(refused).length > 0) showErrors(refused, errorMessage(failure, fallback));
    else toast.error(errorMessage(failure, fallback));
  }

  const publication = usePublishing({
    dirty,
    saveDraft,
    publish: (at) => publishMutation(at === undefined ? { id } : { id, at }).unwrap(),
    cancelSchedule: () => cancelScheduleMutation({ id }).unwrap(),
    showRefusedDraft,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void saveDraft(true);
  }

  async function onPreview() {
    if (dirty && !(await saveDraft(false))) return;
    try {
      const answer = await preview({ id }).unwrap();
      const href = siteUrl(answer.url);
      window.open(href, '_blank', 'noopener,noreferrer');
      setPreviewLink({ href, expiresAt: answer.expiresAt });
    } catch (failure) {
      toast.error(errorMessage(failure, PUBLISHING_FAILURES.preview));
    }
  }

  async function onRestore() {
    if (!toRestore) return;
    try {
      toast.success((await restore({ id, versionId: toRestore._id }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, PUBLISHING_FAILURES.restore));
    }
    setToRestore(null);
  }

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
            {dirty && <span className={badgeClasses('red')}>Unsaved changes</span>}
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
          <ScheduleNotices
            scheduledAt={post.scheduledAt}
            scheduledVersionId={post.scheduledVersionId}
            draftVersionId={post.draftVersionId}
            failedSchedule={post.failedSchedule}
            labelOf={labelOf}
            busy={busy}
            onCancel={publication.cancel}
          />
          <PreviewLinkNotice link={previewLink} />
        </section>
        <form onSubmit={onSubmit} noValidate aria-label={`Post ${post.draft.title}`} className={`${cardClasses} space-y-4 p-4`}>
          <FormValues
            value={form}
            errors={errors}
            onChange={(next, path) => {
              setForm(next);
              setErrors((current) =>
                Object.fromEntries(Object.entries(current).filter(([errorPath]) => errorPath !== path && !errorPath.startsWith(`${path}.`))),
              );
            }}
          >
            <Fields specs={POST_FIELDS} prefix="" />
          </FormValues>
          <div className="flex flex-wrap gap-2 border-t border-gray-200 pt-4">
            <button type="submit" className={buttonClasses('secondary')} disabled={!dirty || busy}>
              <FiSave aria-hidden="true" /> {saving ? 'Saving…' : 'Save draft'}
            </button>
            <button type="button" className={buttonClasses('secondary')} disabled={busy} onClick={onPreview}>
              <FiEye aria-hidden="true" /> Preview
            </button>
            <button type="button" className={buttonClasses('primary')} disabled={(!post.hasDraft && !dirty) || busy} onClick={publication.askToPublish}>
              <FiSend aria-hidden="true" /> Publish now
            </button>
            <button type="button" className={buttonClasses('secondary')} disabled={(!post.hasDraft && !dirty) || busy} onClick={publication.openSchedule}>
              <FiCalendar aria-hidden="true" /> Schedule
            </button>
            <button type="button" className={buttonClasses('danger')} disabled={busy} onClick={() => setConfirmingDelete(true)}>
              <FiTrash2 aria-hidden="true" /> Delete post
            </button>
          </div>
        </form>
        <section aria-labelledby="post-versions" className={`${cardClasses} p-4 text-sm`}>
          <h2 id="post-versions" className="font-semibold text-gray-900">
            Versions
          </h2>
          <ul className="mt-2 divide-y divide-gray-200">
            {post.versions.map((version) => (
              <li key={version._id} className="flex items-center justify-between gap-3 py-2">
                <span>
                  {formatDateTime(version.createdAt)} · {version.kind}
                  {version.author ? ` by ${version.author}` : ''}
                  {version.publishedAt ? ' · published' : ''}
                </span>
                {version._id !== post.draftVersionId && (
                  <button type="button" className={buttonClasses('secondary', 'px-3 py-1')} disabled={busy} onClick={() => setToRestore(version)}>
                    Restore<span className="sr-only"> the version of {formatDateTime(version.createdAt)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <ConfirmDialog
        open={publication.confirmingPublish}
        title="Publish now"
        message={`Publish ${post.draft.title} now? It shows on /news and in the feed within a few seconds.${dirty ? ' Your unsaved changes are saved first.' : ''}${
          post.scheduledAt ? ' The scheduled publish is cancelled.' : ''
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
        message={`Make this version the draft? Nothing is published until you publish it.${dirty ? ' Your unsaved changes are lost.' : ''}`}
        confirmLabel="Restore"
        busy={busy}
        onConfirm={onRestore}
        onCancel={() => setToRestore(null)}
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
      <LeaveGuard when={dirty && !deleted} />
    </>
  );
}
