// The quote and contact forms of a built page: the site's own (SPEC §5 texts and behaviour), hydrated. Each is loaded
// with the chunk of the page whose form it is (the home page's, the contact page's), where it lives: a form split off
// alone would be a script more on that page's first load. A page without a form loads neither.
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
      .then(() => import('../../pages/home-page'))
      .then((module) => ({ default: module.QuoteForm })),
  ),
  contactForm: lazy(() =>
    nearWindow('contactForm')
      .then(() => import('../../pages/contact-page'))
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
