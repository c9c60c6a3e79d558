import { DEFAULT_CONTENT, type SiteContentPages } from '@brightwave/common';
import { rememberContent } from './content';
import { applyHead } from './seo';

const content: SiteContentPages = {
  ...DEFAULT_CONTENT,
  services: { ...DEFAULT_CONTENT.services, seo: { title: 'What Northwind does', description: 'Apps and websites.', image: '' } },
};
const aboutTitle = 'About Northwind';

/** applyHead writes once the page's module has loaded (a dynamic import). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('applyHead', () => {
  // What hydration does with the first page's data (hydrate.tsx).
  beforeAll(() => rememberContent({ site: content.site, services: content.services }));

  it('gives the services page the title and description of the content it was rendered with, after a client-side navigation', async () => {
    window.history.pushState({}, '', '/services');
    applyHead('/services', { content });
    await settled();
    expect(document.title).toBe('What Northwind does');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Apps and websites.');
  });

  it('gives a page the title of its own content, loaded with it by a navigation', async () => {
    // The first page held the services' content; a navigation loaded the about page's.
    rememberContent({ about: { ...DEFAULT_CONTENT.about, seo: { title: aboutTitle, description: 'Who we are.', image: '' } } });
    window.history.pushState({}, '', '/about');
    applyHead('/about', { content: { site: content.site, services: content.services } });
    await settled();
    expect(document.title).toBe(aboutTitle);
  });
});
