import { NAV_PLACEMENT_LABELS } from '@brightwave/common';
import { useEffect, useState } from 'react';
import { FiCornerUpRight, FiPlus } from 'react-icons/fi';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { NewPageDialog } from './new-page-dialog';
import { PageStatus } from './page-status';
import { useGetBuiltPagesQuery } from './pages-api';

const EMPTY_TEXT =
  'No pages yet. A page is built from blocks (a hero, text, cards, questions and answers, a call to action…) for a campaign, a new service or anything else the site should say, without a developer. Start one with New page.';

/** Pages: the pages editors built from blocks, their addresses, status, place in the navigation and last change. */
export function BuiltPagesPage() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetBuiltPagesQuery();
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (isError) logFailure('pages fetch failed', error);
  }, [isError, error]);

  return (
    <>
      <PageHeader
        title="Pages"
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/pages/redirects" className={buttonClasses('secondary')}>
              <FiCornerUpRight aria-hidden="true" /> Redirects
            </Link>
            <button type="button" className={buttonClasses('primary')} onClick={() => setCreating(true)}>
              <FiPlus aria-hidden="true" /> New page
            </button>
          </div>
        }
      >
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          New pages of the site, built from blocks. Changes are saved as a draft; visitors see a page once it is published, now or at a set time.
        </p>
      </PageHeader>
      <section aria-label="Pages" className={cardClasses}>
        <DataTable
          caption="Pages"
          rows={data?.pages ?? []}
          isLoading={isLoading}
          isFetching={isFetching}
          isError={isError}
          onRetry={refetch}
          loadingLabel="Loading pages…"
          emptyText={EMPTY_TEXT}
          columns={[
            {
              header: 'Title',
              cell: (page) => (
                <Link to={`/pages/${page._id}`} className="font-medium text-blue-800 underline">
                  {page.title}
                </Link>
              ),
            },
            { header: 'Address', cell: (page) => <span className="break-all">{page.path}</span> },
            { header: 'Status', cell: (page) => <PageStatus page={page} /> },
            {
              header: 'Navigation',
              cell: (page) =>
                page.nav.placement === 'none' ? NAV_PLACEMENT_LABELS.none : `${NAV_PLACEMENT_LABELS[page.nav.placement]}: ${page.nav.label || page.title}`,
            },
            { header: 'Last change', className: 'whitespace-nowrap', cell: (page) => formatDateTime(page.updatedAt) },
          ]}
        />
      </section>
      <NewPageDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
