import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useGetContentPagesQuery } from './content-api';

/** Content: the site's editable pages, whether each has unpublished changes, when it was and will be published. */
export function ContentPagesPage() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetContentPagesQuery();

  useEffect(() => {
    if (isError) logFailure('content pages fetch failed', error);
  }, [isError, error]);

  // The table keys its rows by _id; a page's key is its identity.
  const rows = (data?.pages ?? []).map((page) => ({ ...page, _id: page.key }));
  return (
    <>
      <PageHeader title="Content">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          The site's texts and pictures. Changes are saved as a draft; visitors see them once they are published, now or at a set time.
        </p>
      </PageHeader>
      <section aria-label="Content pages" className={cardClasses}>
        <DataTable
          caption="Content pages"
          rows={rows}
          isLoading={isLoading}
          isFetching={isFetching}
          isError={isError}
          onRetry={refetch}
          loadingLabel="Loading content pages…"
          emptyText="No content pages."
          columns={[
            {
              header: 'Page',
              cell: (page) => (
                <Link to={`/content/${page.key}`} className="font-medium text-blue-800 underline">
                  {page.title}
                </Link>
              ),
            },
            {
              header: 'State',
              cell: (page) => <span className={badgeClasses(page.hasDraft ? 'yellow' : 'green')}>{page.hasDraft ? 'Draft' : 'Published'}</span>,
            },
            {
              header: 'Published',
              className: 'whitespace-nowrap',
              cell: (page) => (page.publishedAt ? formatDateTime(page.publishedAt) : 'Installed content'),
            },
            {
              header: 'Scheduled',
              className: 'whitespace-nowrap',
              cell: (page) => (page.scheduledAt ? formatDateTime(page.scheduledAt) : 'Not scheduled'),
            },
          ]}
        />
      </section>
    </>
  );
}
