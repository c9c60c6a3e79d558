import { DEFAULT_CONTENT, type SiteContentPages } from '@brightwave/common';
import { applyHead } from './seo';

const content: SiteContentPages = {
  ...DEFAULT_CONTENT,
  services: { ...DEFAULT_CONTENT.services, seo: { title: 'What Northwind does', description: 'Apps and websites.' } },
};

/** applyHead writes once the page's module has loaded (a dynamic import). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('applyHead', () => {
  it('gives the services page the title and description of the content it was rendered with, after a client-side navigation', async () => {
    window.history.pushState({}, '', '/services');
    applyHead('/services', content);
    await settled();
    expect(document.title).toBe('What Northwind does');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Apps and websites.');
  });

  it("keeps a page's own title when its title is not content", async () => {
    window.history.pushState({}, '', '/about');
    applyHead('/about', content);
    await settled();
    expect(document.title).toBe('About Us | Brightwave Technologies');
  });
});
