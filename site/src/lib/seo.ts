// Per-route <head>: written into the prerendered HTML at build time, updated on client navigation. It reads the
// meta a page module exports through the page loaders, not through the route table (which imports the app).
import { company } from '../content/company';
import { jsonLdText, organizationJsonLd } from './json-ld';
import type { PageMeta } from './page-meta';
import { isPublicPath, normalizePath, pageLoaderForPath } from '../page-loaders';

type HeadMeta = PageMeta & { canonicalPath?: string };

/** The head of a path: its page's meta, and its canonical path when it is a public route. */
async function metaForPath(pathname: string): Promise<HeadMeta> {
  const { meta } = await pageLoaderForPath(pathname)();
  return isPublicPath(pathname) ? { ...meta, canonicalPath: normalizePath(pathname) } : meta;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function headHtml(pathname: string): Promise<string> {
  const meta = await metaForPath(pathname);
  const canonical = meta.canonicalPath ? `${company.siteUrl}${meta.canonicalPath}` : undefined;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    canonical ? `<link rel="canonical" href="${canonical}" />` : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${canonical}" />` : '',
    `<meta name="twitter:card" content="summary" />`,
    `<script type="application/ld+json">${jsonLdText(organizationJsonLd())}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

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

/** Mirrors headHtml() after a client-side navigation, once the page's module (and so its meta) is loaded. */
export function applyHead(pathname: string): void {
  void metaForPath(pathname).then((meta) => {
    // A later navigation wins over a page that loaded late.
    if (normalizePath(window.location.pathname) === normalizePath(pathname)) writeHead(meta);
  });
}

function writeHead({ title, description, canonicalPath }: HeadMeta): void {
  const canonical = canonicalPath ? `${company.siteUrl}${canonicalPath}` : undefined;
  document.title = title;
  syncHeadElement('meta[name="description"]', meta({ name: 'description' }), 'content', description);
  syncHeadElement('meta[property="og:title"]', meta({ property: 'og:title' }), 'content', title);
  syncHeadElement('meta[property="og:description"]', meta({ property: 'og:description' }), 'content', description);
  syncHeadElement('meta[property="og:url"]', meta({ property: 'og:url' }), 'content', canonical);
  syncHeadElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', canonical);
  syncHeadElement('meta[name="robots"]', meta({ name: 'robots' }), 'content', canonical ? undefined : 'noindex');
}
