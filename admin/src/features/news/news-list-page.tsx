import { BUILT_PAGE_STATUS_COLORS, BUILT_PAGE_STATUS_LABELS, POST_FIELDS, postPath, slugFromTitle } from '@brightwave/common';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FiPlus } from 'react-icons/fi';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { DataTable } from '../../components/data-table';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf, logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useCreatePostMutation, useGetPostsQuery } from './news-api';

const EMPTY_TEXT = 'No posts yet. Write the first with New post: it is a draft until you publish it, now or at a set time.';

/** News: the posts, their addresses, status and last change (docs/features/news.md). */
export function NewsListPage() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetPostsQuery();
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (isError) logFailure('posts fetch failed', error);
  }, [isError, error]);

  return (
    <>
      <PageHeader
        title="News"
        actions={
          <button type="button" className={buttonClasses('primary')} onClick={() => setCreating(true)}>
            <FiPlus aria-hidden="true" /> New post
          </button>
        }
      >
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Posts of the site’s news, at /news and in its RSS feed. Changes are saved as a draft; visitors see a post once it is published.
        </p>
      </PageHeader>
      <section aria-label="Posts" className={cardClasses}>
        <DataTable
          caption="Posts"
          rows={data?.posts ?? []}
          isLoading={isLoading}
          isFetching={isFetching}
          isError={isError}
          onRetry={refetch}
          loadingLabel="Loading posts…"
          emptyText={EMPTY_TEXT}
          columns={[
            {
              header: 'Title',
              cell: (post) => (
                <Link to={`/news/${post._id}`} className="font-medium text-blue-800 underline">
                  {post.title}
                </Link>
              ),
            },
            { header: 'Address', cell: (post) => <span className="break-all">{post.path}</span> },
            {
              header: 'Status',
              cell: (post) => (
                <span className="flex flex-wrap items-center gap-2">
                  <span className={badgeClasses(BUILT_PAGE_STATUS_COLORS[post.status])}>{BUILT_PAGE_STATUS_LABELS[post.status]}</span>
                  {post.status === 'scheduled' && post.scheduledAt && <span className="whitespace-nowrap">for {formatDateTime(post.scheduledAt)}</span>}
                </span>
              ),
            },
            { header: 'Tags', cell: (post) => post.tags.join(', ') },
            { header: 'Published', className: 'whitespace-nowrap', cell: (post) => (post.publishedAt ? formatDateTime(post.publishedAt) : '') },
            { header: 'Last change', className: 'whitespace-nowrap', cell: (post) => formatDateTime(post.updatedAt) },
          ]}
        />
      </section>
      <FormDialog open={creating} title="New post" onClose={() => setCreating(false)} formKey="new">
        <NewPostForm onClose={() => setCreating(false)} />
      </FormDialog>
    </>
  );
}

/** A new post's title and address (suggested from the title until the address is typed); created as a draft, then edited. */
function NewPostForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const slugHintId = useId();
  const [create, { isLoading }] = useCreatePostMutation();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTyped, setSlugTyped] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await create({ title: title.trim(), slug: slug.trim() }).unwrap();
      toast.success(answer.message);
      onClose();
      navigate(`/news/${answer.post._id}`);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, 'Failed to create the post'));
    }
  }

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onClose} submitLabel={isLoading ? 'Creating…' : 'Create post'} busy={isLoading}>
      <p className="text-sm text-gray-700">The post starts as a draft written by you: visitors see it once you publish it.</p>
      <TextField
        label="Title"
        required
        data-autofocus
        maxLength={POST_FIELDS.title.max}
        value={title}
        error={errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (!slugTyped) setSlug(slugFromTitle(event.target.value));
        }}
      />
      <div>
        <TextField
          label="Address"
          required
          maxLength={POST_FIELDS.slug.max}
          aria-describedby={slugHintId}
          value={slug}
          error={errors.slug}
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugTyped(true);
          }}
        />
        <p id={slugHintId} className="mt-1 text-xs text-gray-700">
          Lower-case letters, digits and hyphens. The post’s address: <strong>{postPath(slug.trim())}</strong>
        </p>
      </div>
    </DialogForm>
  );
}
