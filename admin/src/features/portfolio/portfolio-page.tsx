import { MESSAGES, PORTFOLIO_CATEGORY_LABELS, type PortfolioItem } from '@brightwave/common';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FiBookOpen, FiEdit2, FiPlus, FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { IconButton } from '../../components/ui/icon-button';
import { cardClasses } from '../../components/ui/table';
import { errorMessage } from '../../lib/api-error';
import { useDeletePortfolioMutation, useGetPortfoliosQuery } from './portfolio-api';
import { PortfolioFormDialog } from './portfolio-form-dialog';

type FormState = { open: false } | { open: true; item: PortfolioItem | null };

// Its story's editor (docs/features/case-studies.md), loaded when first opened.
const CaseStudyDialog = lazy(() => import('./case-study-dialog'));

export function PortfolioPage() {
  const { data, isLoading, isError, refetch } = useGetPortfoliosQuery();
  const [deletePortfolio, { isLoading: deleting }] = useDeletePortfolioMutation();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<PortfolioItem | null>(null);
  const [caseStudyOf, setCaseStudyOf] = useState<PortfolioItem | null>(null);

  useEffect(() => {
    if (isError) toast.error(MESSAGES.portfolioListFailure);
  }, [isError]);

  async function onConfirmDelete() {
    if (!toDelete) return;
    try {
      await deletePortfolio(toDelete._id).unwrap();
      toast.success(MESSAGES.portfolioDeleted);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.portfolioDeleteFailure));
    }
    setToDelete(null);
  }

  const items = data?.portfolios ?? [];
  return (
    <>
      <PageHeader
        title="Portfolio Management"
        actions={
          <button type="button" className={buttonClasses('primary')} onClick={() => setForm({ open: true, item: null })}>
            <FiPlus aria-hidden="true" /> Add Portfolio Item
          </button>
        }
      />
      <section aria-label="Portfolio items" className={cardClasses}>
        <DataTable
          caption="Portfolio items"
          rows={items}
          isLoading={isLoading}
          isError={isError}
          onRetry={refetch}
          loadingLabel="Loading portfolio…"
          emptyText="No portfolio items yet."
          columns={[
            {
              header: 'Image',
              cell: (item) => <img src={item.imgLink} alt={item.projectTitle} loading="lazy" className="h-12 w-16 rounded object-cover" />,
            },
            {
              header: 'Title',
              cell: (item) => (
                <>
                  <p className="font-medium">{item.projectTitle}</p>
                  <p className="text-xs text-gray-700">{item.projectSubtitle}</p>
                </>
              ),
            },
            { header: 'Category', cell: (item) => PORTFOLIO_CATEGORY_LABELS[item.category] ?? item.category },
            {
              header: 'Tech Stack',
              cell: (item) => (
                <ul aria-label={`Technologies of ${item.projectTitle}`} className="flex max-w-xs flex-wrap gap-1">
                  {item.techStack.map((tech) => (
                    <li key={tech} className="rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-800">
                      {tech}
                    </li>
                  ))}
                </ul>
              ),
            },
            {
              header: 'Actions',
              cell: (item) => (
                <div className="flex gap-1">
                  <IconButton label="Edit Portfolio Item" title="Edit" icon={FiEdit2} onClick={() => setForm({ open: true, item })} />
                  <IconButton label={`Edit the case study of ${item.projectTitle}`} title="Case study" icon={FiBookOpen} onClick={() => setCaseStudyOf(item)} />
                  <IconButton label="Delete Portfolio Item" title="Delete" icon={FiTrash2} danger onClick={() => setToDelete(item)} />
                </div>
              ),
            },
          ]}
        />
      </section>
      {caseStudyOf && (
        <Suspense fallback={null}>
          <CaseStudyDialog id={caseStudyOf._id} title={caseStudyOf.projectTitle} onClose={() => setCaseStudyOf(null)} />
        </Suspense>
      )}
      <PortfolioFormDialog open={form.open} item={form.open ? form.item : null} onClose={() => setForm({ open: false })} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Portfolio Item"
        message={MESSAGES.portfolioDeleteConfirm}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
