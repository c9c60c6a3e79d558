// Per-route <head>: written into the prerendered HTML at build time, updated on client navigation. It reads the
// meta a page module exports through the page loaders, not through the route table (which imports the app).
import type { SiteContentPages } from '@brightwave/common';
import { company } from '../content/company';
import { writeHead, type HeadMeta } from './head-tags';
import { resolveMeta } from './page-meta';
import { jsonLdText, organizationJsonLd } from './json-ld';
import { isJobPath, isPublicPath, normalizePath, pageLoaderForPath } from '../page-loaders';

/** The head of a path: its page's meta, and its canonical path when it is a public route. */
async function metaForPath(pathname: string, content: SiteContentPages): Promise<HeadMeta> {
  const meta = resolveMeta((await pageLoaderForPath(pathname)()).meta, content);
  return isPublicPath(pathname) ? { ...meta, canonicalPath: normalizePath(pathname) } : meta;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head of a path; `pageMeta` when the page's data decides it (a job's page), not its module. */
export async function headHtml(pathname: string, content: SiteContentPages, options: { pageMeta?: HeadMeta; preview?: boolean } = {}): Promise<string> {
  const meta = options.pageMeta ?? (await metaForPath(pathname, content));
  const canonical = meta.canonicalPath ? `${company.siteUrl}${meta.canonicalPath}` : undefined;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    canonical && !options.preview ? `<link rel="canonical" href="${canonical}" />` : '<meta name="robots" content="noindex" />',
    // A preview link's token must not travel to the sites its page links to.
    options.preview ? '<meta name="referrer" content="no-referrer" />' : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(content.site.company.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${canonical}" />` : '',
    meta.image ? `<meta property="og:image" content="${meta.image}" />` : '',
    meta.image ? `<meta property="og:image:width" content="1200" />` : '',
    meta.image ? `<meta property="og:image:height" content="630" />` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    meta.image ? `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />` : '',
    meta.image ? `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />` : '',
    meta.image ? `<meta name="twitter:image" content="${meta.image}" />` : '',
    ...(meta.alternates ?? []).map(
      (link) => `<link rel="alternate" type="${link.type}" href="${company.siteUrl}${link.href}" title="${escapeHtml(link.title)}" />`,
    ),
    `<script type="application/ld+json">${jsonLdText(organizationJsonLd(content.site))}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Mirrors headHtml() after a client-side navigation, once the page's module (and so its meta) is loaded. */
export function applyHead(pathname: string, content: SiteContentPages): void {
  // A job's page writes its own head once it knows the job (job-head.ts, applyJobHead).
  if (isJobPath(pathname)) return;
  void metaForPath(pathname, content).then((meta) => {
    // A later navigation wins over a page that loaded late.
    if (normalizePath(window.location.pathname) === normalizePath(pathname)) writeHead(meta);
  });
}
