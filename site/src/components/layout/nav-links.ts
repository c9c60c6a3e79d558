import type { NavPageLink, ServicesContent } from '@brightwave/common';

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

/**
 * The pages built from blocks that editors placed in the header or the footer (the page data of every page has them).
 * No route of the app names them: followed, the browser loads them from the server (pages/built-page.tsx).
 */
export const navPageItems = (pages: NavPageLink[] = [], placement: NavPageLink['placement']): NavItem[] =>
  pages.filter((page) => page.placement === placement).map((page) => ({ label: page.label, to: page.path }));
