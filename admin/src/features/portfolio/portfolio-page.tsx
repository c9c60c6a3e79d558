import { MESSAGES, PORTFOLIO_CATEGORY_LABELS, type PortfolioItem } from '@brightwave/common';
import { useEffect, useState } from 'react';
import { FiEdit2, FiPlus, FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses, iconButtonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState, LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses, tableClasses, tdClasses, thClasses } from '../../components/ui/table';
import { errorMessage } from '../../lib/api-error';
import { useDeletePortfolioMutation, useGetPortfoliosQuery } from './portfolio-api';
import { PortfolioFormDialog } from './portfolio-form-dialog';

type FormState = { open: false } | { open: true; item: PortfolioItem | null };

export function PortfolioPage() {
  const { data, isLoading, isError, refetch } = useGetPortfoliosQuery();
  const [deletePortfolio, { isLoading: deleting }] = useDeletePortfolioMutation();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<PortfolioItem | null>(null);

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
        {isLoading ? (
          <Loading label="Loading portfolio…" />
        ) : isError && items.length === 0 ? (
          <LoadError onRetry={refetch} />
        ) : items.length === 0 ? (
          <EmptyState text="No portfolio items yet." />
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClasses}>
              <caption className="sr-only">Portfolio items</caption>
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className={thClasses}>Image</th>
                  <th scope="col" className={thClasses}>Title</th>
                  <th scope="col" className={thClasses}>Category</th>
                  <th scope="col" className={thClasses}>Tech Stack</th>
                  <th scope="col" className={thClasses}>Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {items.map((item) => (
                  <tr key={item._id}>
                    <td className={tdClasses}>
                      <img
                        src={item.imgLink}
                        alt={item.projectTitle}
                        loading="lazy"
                        className="h-12 w-16 rounded object-cover"
                      />
                    </td>
                    <td className={tdClasses}>
                      <p className="font-medium">{item.projectTitle}</p>
                      <p className="text-xs text-gray-700">{item.projectSubtitle}</p>
                    </td>
                    <td className={tdClasses}>{PORTFOLIO_CATEGORY_LABELS[item.category] ?? item.category}</td>
                    <td className={tdClasses}>
                      <ul aria-label={`Technologies of ${item.projectTitle}`} className="flex max-w-xs flex-wrap gap-1">
                        {item.techStack.map((tech) => (
                          <li key={tech} className="rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-800">
                            {tech}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={tdClasses}>
                      <div className="flex gap-1">
                        <button
                          type="button"
                          aria-label="Edit Portfolio Item"
                          title="Edit"
                          className={iconButtonClasses}
                          onClick={() => setForm({ open: true, item })}
                        >
                          <FiEdit2 aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          aria-label="Delete Portfolio Item"
                          title="Delete"
                          className={`${iconButtonClasses} text-red-700 hover:bg-red-50`}
                          onClick={() => setToDelete(item)}
                        >
                          <FiTrash2 aria-hidden="true" />
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <PortfolioFormDialog
        open={form.open}
        item={form.open ? form.item : null}
        onClose={() => setForm({ open: false })}
      />
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
