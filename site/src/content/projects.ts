import type { ServiceKey } from '@brightwave/common';

export interface Project {
  title: string;
  category: ServiceKey;
  description: string;
  image: string;
}

const project = (slug: string, title: string, category: ServiceKey, description: string): Project => ({
  title,
  category,
  description,
  image: `/images/portfolio/${slug}.svg`,
});

/** Latest projects shown in the /services carousel (nine, SPEC §9). */
export const projects: Project[] = [
  project('shopsphere', 'ShopSphere', 'ecommerce', 'A multi-vendor marketplace with real-time inventory and one-page checkout.'),
  project('medilink', 'MediLink', 'health', 'Appointment booking and patient reminders for a network of wellness clinics.'),
  project('chainvault', 'ChainVault', 'blockchain', 'A custody wallet with multi-signature approvals and audited smart contracts.'),
  project('glowup', 'GlowUp', 'mobile', 'A beauty-routine companion app for iOS and Android with personalised tips.'),
  project('fintrack', 'FinTrack', 'web', 'A personal finance dashboard with budgets, goals and bank-grade security.'),
  project('brandforge', 'BrandForge', 'logo', 'A complete visual identity for a craft brewery, from logo to packaging.'),
  project('socialpulse', 'SocialPulse', 'social', 'Six months of content and community management that tripled engagement.'),
  project('growthlens', 'GrowthLens', 'marketing', 'An SEO and content programme that doubled organic sign-ups in a quarter.'),
  project('salesbridge', 'SalesBridge', 'crm', 'A CRM rollout that unified three sales teams and automated follow-ups.'),
];
