// The home page's hero slides: one per service, in the order of the quote form. (Their texts become editable with
// the home page's content; the services page's cards already are: docs/features/site-content.md.)
import type { ServiceKey } from '@brightwave/common';
import { SERVICE_LABELS } from '@brightwave/common';

interface HeroSlide {
  id: ServiceKey;
  title: string;
  description: string;
  image: string;
}

const slide = (id: ServiceKey, description: string): HeroSlide => ({
  id,
  title: SERVICE_LABELS[id],
  description,
  image: `/images/services/${id}.svg`,
});

export const heroSlides: HeroSlide[] = [
  slide('enterprise', 'Scalable platforms, integrations and automation for organisations that run on software.'),
  slide('ecommerce', 'Online stores that load fast, look sharp and turn visitors into loyal customers.'),
  slide('web', 'Responsive, accessible websites built on modern frameworks and tuned for search engines.'),
  slide('logo', 'Memorable logos and brand identities that tell your story at a glance.'),
  slide('social', 'Consistent, engaging social media presence managed by people who know each platform.'),
  slide('marketing', 'Data-driven campaigns across search, e-mail and content that grow measurable revenue.'),
  slide('mobile', 'Native and cross-platform apps for iOS and Android that people enjoy using every day.'),
  slide('blockchain', 'Secure smart contracts, wallets and decentralised applications built to last.'),
  slide('health', 'Booking, membership and e-commerce solutions for clinics, salons and wellness brands.'),
  slide('crm', 'CRM platforms configured around your sales process, so no lead slips through.'),
];
