import type { ServiceKey } from '@brightwave/common';
import { SERVICE_LABELS } from '@brightwave/common';

export interface Service {
  id: ServiceKey;
  title: string;
  description: string;
  features: string[];
  image: string;
}

const service = (id: ServiceKey, description: string, features: string[]): Service => ({
  id,
  title: SERVICE_LABELS[id],
  description,
  features,
  image: `/images/services/${id}.svg`,
});

/** The ten services, in the order of the quote form and the hero slides. */
export const services: Service[] = [
  service('enterprise', 'Scalable platforms, integrations and automation for organisations that run on software.', [
    'Custom enterprise software',
    'System integration',
    'Cloud migration',
    'Workflow automation',
  ]),
  service('ecommerce', 'Online stores that load fast, look sharp and turn visitors into loyal customers.', [
    'Custom storefront design',
    'Secure payment integration',
    'Inventory management',
    'Conversion optimisation',
  ]),
  service('web', 'Responsive, accessible websites built on modern frameworks and tuned for search engines.', [
    'Responsive layouts',
    'Accessibility by design',
    'SEO-ready structure',
    'Content management',
  ]),
  service('logo', 'Memorable logos and brand identities that tell your story at a glance.', [
    'Logo concepts',
    'Brand guidelines',
    'Typography and colour palettes',
    'Print and digital assets',
  ]),
  service('social', 'Consistent, engaging social media presence managed by people who know each platform.', [
    'Content calendars',
    'Community management',
    'Paid social campaigns',
    'Monthly analytics reports',
  ]),
  service('marketing', 'Data-driven campaigns across search, e-mail and content that grow measurable revenue.', [
    'Search engine optimisation',
    'E-mail marketing',
    'Content strategy',
    'Campaign analytics',
  ]),
  service('mobile', 'Native and cross-platform apps for iOS and Android that people enjoy using every day.', [
    'iOS and Android apps',
    'Cross-platform development',
    'App store publishing',
    'Push notifications and analytics',
  ]),
  service('blockchain', 'Secure smart contracts, wallets and decentralised applications built to last.', [
    'Smart contract development',
    'Wallet integration',
    'Tokenisation',
    'Security audits',
  ]),
  service('health', 'Booking, membership and e-commerce solutions for clinics, salons and wellness brands.', [
    'Online booking systems',
    'Membership portals',
    'Product stores',
    'Client reminders',
  ]),
  service('crm', 'CRM platforms configured around your sales process, so no lead slips through.', [
    'CRM setup and migration',
    'Sales pipeline automation',
    'Custom dashboards',
    'Third-party integrations',
  ]),
];

/** The nine service cards of /services and the navbar dropdown (every service except enterprise). */
export const serviceCards: Service[] = services.filter((item) => item.id !== 'enterprise');
