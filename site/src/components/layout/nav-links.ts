import { serviceCards } from '../../content/services';

export interface NavItem {
  label: string;
  to: string;
}

/** Services dropdown: the nine services, each to /services (SPEC §2). */
export const serviceMenuItems: NavItem[] = serviceCards.map((service) => ({ label: service.title, to: '/services' }));

export const aboutMenuItems: NavItem[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Mission & Vision', to: '/about/mission' },
  { label: 'Security Policy', to: '/about/security-policy' },
];
