import { useEffect, type ReactNode } from 'react';

export function PageHeader({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Brightwave Admin`;
  }, [title]);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {children}
      </div>
      {actions}
    </div>
  );
}
