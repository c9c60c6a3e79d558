// The <head> tags a page sets in the browser. Apart from seo.ts, which reads every page's meta through the page
// loaders: a page module can import this one without a cycle.
import { company } from '../content/company';
import type { PageMeta } from './page-meta';

/** `imageSize`: the share picture's size, where a page knows it (a job's). */
export type HeadMeta = PageMeta & { canonicalPath?: string; imageSize?: { width: number; height: number } };

/** Sets an attribute on the head element matching `selector`, creating it, or removes it when value is undefined. */
function syncHeadElement(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined): void {
  let element = document.head.querySelector(selector);
  if (value === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

const meta = (attributes: Record<string, string>) => () => {
  const element = document.createElement('meta');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
};

/** The page's <link rel="alternate"> tags (the careers page's feeds): those of the page before it leave. */
function syncAlternates(alternates: HeadMeta['alternates']): void {
  for (const link of document.head.querySelectorAll('link[rel="alternate"]')) link.remove();
  for (const { type, href, title } of alternates ?? []) {
    document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'alternate', type, href: `${company.siteUrl}${href}`, title }));
  }
}

export function writeHead({ title, description, canonicalPath, alternates }: HeadMeta): void {
  const canonical = canonicalPath ? `${company.siteUrl}${canonicalPath}` : undefined;
  document.title = title;
  syncHeadElement('meta[name="description"]', meta({ name: 'description' }), 'content', description);
  syncHeadElement('meta[property="og:title"]', meta({ property: 'og:title' }), 'content', title);
  syncHeadElement('meta[property="og:description"]', meta({ property: 'og:description' }), 'content', description);
  syncHeadElement('meta[property="og:url"]', meta({ property: 'og:url' }), 'content', canonical);
  syncHeadElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', canonical);
  syncHeadElement('meta[name="robots"]', meta({ name: 'robots' }), 'content', canonical ? undefined : 'noindex');
  syncAlternates(alternates);
}
