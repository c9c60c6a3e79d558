import { BUILT_PAGE_STATUS_COLORS, BUILT_PAGE_STATUS_LABELS, POST_FIELDS, postPath } from '@brightwave/common';
import { useEffect, useState } from 'react';
import { FiPlus } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { NewDocumentForm, type NewDocumentKind } from '../../components/new-document-form';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useCreatePostMutation, useGetPostsQuery } from './news-api';

const NEW_POST: NewDocumentKind = {
  submitLabel: 'Create post',
  intro: 'The post starts as a draft written by you: visitors see it once you publish it.',
  titleMax: POST_FIELDS.title.max,
  slugMax: POST_FIELDS.slug.max,
  slugHint: 'Lower-case letters, digits and hyphens. The post’s address:',
  pathOf: postPath,
  failure: 'Failed to create the post',
};

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
  const [create, { isLoading }] = useCreatePostMutation();
  return (
    <NewDocumentForm
      kind={NEW_POST}
      busy={isLoading}
      onClose={onClose}
      create={async (values) => {
        const { message, post } = await create(values).unwrap();
        return { message, editorPath: `/news/${post._id}` };
      }}
    />
  );
}
