import type { ReactNode } from 'react';

export function SectionHeading({ id, title, intro }: { id?: string; title: string; intro?: ReactNode }) {
  return (
    <div className="mx-auto mb-12 max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{intro}</p>}
    </div>
  );
}
