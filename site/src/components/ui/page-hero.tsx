import type { ReactNode } from 'react';
import { Link } from './link';

export interface Crumb {
  label: string;
  to?: string;
}

/** Dark banner at the top of every inner page; the transparent navbar sits on it. */
export function PageHero({ title, tagline, crumbs, children }: { title: ReactNode; tagline?: ReactNode; crumbs?: Crumb[]; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-slate-900 via-indigo-950 to-indigo-800 pt-40 pb-20 text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-indigo-500/20 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {tagline && <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">{tagline}</p>}
        {crumbs && <Breadcrumb crumbs={crumbs} />}
        {children}
      </div>
    </section>
  );
}

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mt-6">
      <ol className="flex flex-wrap items-center justify-center gap-2 text-sm text-indigo-100">
        {crumbs.map((crumb, index) => (
          <li key={crumb.label} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden="true">&gt;</span>}
            {crumb.to ? (
              <Link to={crumb.to} className="underline-offset-4 hover:text-white hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold text-white">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
