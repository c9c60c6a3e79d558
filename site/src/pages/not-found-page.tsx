import { Link } from '../components/ui/link';
import { PageHero } from '../components/ui/page-hero';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Page Not Found | Brightwave Technologies',
  description: 'The page you are looking for does not exist.',
};

export default function NotFoundPage() {
  return (
    <>
      <PageHero title="Page Not Found" tagline="The page you are looking for does not exist or has moved." />
      <section className="py-20 text-center">
        <p className="text-lg text-slate-700 dark:text-slate-300">Try one of these instead:</p>
        <ul className="mt-6 flex flex-wrap justify-center gap-4">
          <li>
            <Link to="/" className="rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800">
              Go to the home page
            </Link>
          </li>
          <li>
            <Link
              to="/contact"
              className="rounded-full border border-indigo-700 px-6 py-3 font-semibold text-indigo-700 hover:bg-indigo-50 dark:border-indigo-300 dark:text-indigo-300 dark:hover:bg-slate-800"
            >
              Contact us
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}
