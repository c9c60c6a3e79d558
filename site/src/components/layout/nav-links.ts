import type { ServicesContent } from '@brightwave/common';

export interface NavItem {
  label: string;
  to: string;
}

/** Services dropdown: the service cards' titles, each to its own card on /services (SPEC §2; decision 069). */
export const serviceMenuItems = (services: ServicesContent): NavItem[] =>
  services.offer.cards.map((card) => ({ label: card.title, to: `/services#${card.anchor}` }));

export const aboutMenuItems: NavItem[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Mission & Vision', to: '/about/mission' },
  { label: 'Security Policy', to: '/about/security-policy' },
];
