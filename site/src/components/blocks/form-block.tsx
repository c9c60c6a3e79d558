// The quote and contact forms of a built page: the site's own (SPEC §5 texts and behaviour), hydrated. Each is a chunk
// of its own, which the home page and the contact page load too: with the page's chunk instead, a built page with the
// quote form would also load the home page and the content's pictures and prose (81.6 KB, over its 80 KB budget). A
// page without a form loads neither.
import type { PageBlockOf } from '@brightwave/common';
import { lazy, Suspense, useId } from 'react';
import { SectionHeading } from '../ui/section';

type FormBlockType = 'quoteForm' | 'contactForm';

// As the contact page's map: the code comes when the form is about to be seen.
const NEAR_WINDOW_MARGIN = '400px 0px';

/**
 * Resolves when the page's first form of `type` comes within NEAR_WINDOW_MARGIN of the window (at once where nothing can
 * tell: on the server, without IntersectionObserver). Until then hydration keeps the server's form as it is, so a form
 * below the first view adds nothing to the page's first load.
 */
function nearWindow(type: FormBlockType): Promise<void> {
  return new Promise((resolve) => {
    const element = typeof document === 'undefined' ? null : document.querySelector(`[data-form-block="${type}"]`);
    if (!element || typeof IntersectionObserver === 'undefined') return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_WINDOW_MARGIN },
    );
    observer.observe(element);
  });
}

const FORMS = {
  quoteForm: lazy(() =>
    nearWindow('quoteForm')
      .then(() => import('../quote-form'))
      .then((module) => ({ default: module.QuoteForm })),
  ),
  contactForm: lazy(() =>
    nearWindow('contactForm')
      .then(() => import('../contact-form'))
      .then((module) => ({ default: module.ContactForm })),
  ),
};

export function FormBlock({ block }: { block: PageBlockOf<FormBlockType> }) {
  const headingId = useId();
  const Form = FORMS[block.type];
  return (
    <section data-form-block={block.type} aria-labelledby={block.heading ? headingId : undefined} className="bg-slate-50 py-20 dark:bg-slate-900">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        {block.heading && <SectionHeading id={headingId} title={block.heading} />}
        <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8 dark:bg-slate-800">
          <Suspense fallback={null}>
            <Form />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
