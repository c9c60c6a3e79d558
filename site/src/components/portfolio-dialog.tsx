import type { PortfolioItem } from '@brightwave/common';
import { CategoryBadge } from './category-badge';
import { ModalDialog } from './ui/modal-dialog';
import { TechTags } from './tech-tags';
import { lucideIcon } from './ui/icons';

const LuExternalLink = lucideIcon([
  ['path', { d: 'M15 3h6v6' }],
  ['path', { d: 'M10 14 21 3' }],
  ['path', { d: 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6' }],
]);

/** A project's details; loaded when a visitor first opens one. */
export default function PortfolioDialog({ item, onClose }: { item: PortfolioItem; onClose: () => void }) {
  return (
    <ModalDialog title={item.projectTitle} onClose={onClose} wide>
      <img src={item.imgLink} alt={`${item.projectTitle} project`} width={640} height={400} className="aspect-[8/5] w-full rounded-xl object-cover" />
      <p className="mt-4">
        <CategoryBadge item={item} />
      </p>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{item.projectSubtitle}</p>
      <h3 className="mt-6 text-lg font-semibold">Technologies Used</h3>
      <TechTags tags={item.techStack} className="mt-2" />
      <h3 className="mt-6 text-lg font-semibold">Description</h3>
      <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{item.description}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        {/* The case study is the server's page (docs/features/case-studies.md): an ordinary link loads it. */}
        <a
          href={`/portfolio/${item.slug}`}
          className="inline-flex items-center rounded-full border border-indigo-700 px-5 py-2 font-semibold text-indigo-700 hover:bg-indigo-50 dark:border-indigo-300 dark:text-indigo-300 dark:hover:bg-slate-800"
        >
          Read the case study
        </a>
        {item.linkToProject && (
          <a
            href={item.linkToProject}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-full bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
          >
            View Project
            <LuExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </p>
    </ModalDialog>
  );
}
