import { Link } from '../components/ui/link';
import { PageHero } from '../components/ui/page-hero';
import { useSiteContent } from '../lib/content';
import type { PageMeta } from '../lib/page-meta';

export const meta: PageMeta = {
  title: 'Security Policy | Brightwave Technologies',
  description: 'How Brightwave Technologies protects client data: encryption, access control, network security, incident response, compliance and training.',
};

const sections = [
  {
    title: 'Data Protection',
    text: 'Client data is encrypted in transit with TLS and at rest with AES-256. We collect only what a project needs and delete it when it is no longer required.',
  },
  {
    title: 'Access Control',
    text: 'Access follows least privilege: every account is personal, protected by multi-factor authentication and reviewed every quarter.',
  },
  {
    title: 'Network Security',
    text: 'Production systems sit behind firewalls with monitored, logged access. Dependencies are scanned and patched on a fixed schedule.',
  },
  {
    title: 'Incident Response',
    text: 'A documented response plan lets us contain, investigate and report incidents quickly. Affected clients are informed without undue delay.',
  },
  {
    title: 'Compliance & Audits',
    text: 'Our practices follow recognised frameworks such as ISO 27001 and GDPR, and are checked by regular internal and external audits.',
  },
  {
    title: 'Employee Training',
    text: 'Every team member completes security and privacy training when joining and every year after, including phishing awareness.',
  },
];

export default function SecurityPolicyPage() {
  const { name } = useSiteContent().company;
  return (
    <>
      <PageHero
        title="Security Policy"
        tagline={`How ${name} keeps your data and your users safe.`}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'About Us', to: '/about' }, { label: 'Security Policy' }]}
      />
      <section className="py-20">
        <div className="mx-auto max-w-4xl space-y-6 px-4 sm:px-6">
          {sections.map((section, index) => (
            <article key={section.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
              <h2 className="text-xl font-bold">
                {index + 1}. {section.title}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{section.text}</p>
            </article>
          ))}
          <p className="pt-4 text-lg">
            Questions about our security practices?{' '}
            <Link to="/contact" className="font-semibold text-indigo-700 underline underline-offset-4 dark:text-indigo-300">
              Contact our team
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}
