import type { IconComponent } from './icons';

/** A card of an icon grid ('Why Choose Us', 'Why Join Us?'): icon, title and a sentence. */
export function FeatureCard({ title, text, Icon, centered = false }: { title: string; text: string; Icon: IconComponent; centered?: boolean }) {
  return (
    <li className={`rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900${centered ? ' text-center' : ''}`}>
      <Icon aria-hidden="true" className={`${centered ? 'mx-auto ' : ''}h-10 w-10 text-indigo-700 dark:text-indigo-300`} />
      <h3 className="mt-4 text-xl font-semibold">{title}</h3>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
    </li>
  );
}
