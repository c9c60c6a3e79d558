// Per-route <head>: written into the prerendered HTML at build time, updated on client navigation. It reads the
// meta a page module exports through the page loaders, not through the route table (which imports the app).
import { mediaFileUrl, mediaWidths, parseMediaSrc, type SiteContentPages } from '@brightwave/common';
import { company } from '../content/company';
import { pageContent } from './content';
import type { PageData } from './page-data';
import { writeHead, type HeadMeta } from './head-tags';
import { resolveMeta } from './page-meta';
import { jsonLdText, organizationJsonLd } from './json-ld';
import { isJobPath, isPublicPath, normalizePath, pageLoaderForPath } from '../page-loaders';

/**
 * The head of a path: its page's meta, and its canonical path when it is a public route; the head the page data decides
 * where the page has one (a built page's).
 */
async function metaForPath(pathname: string, content: SiteContentPages, data: PageData = {}): Promise<HeadMeta> {
  const module = await pageLoaderForPath(pathname)();
  const meta = resolveMeta(module.meta, content);
  return module.headOf?.(pathname, data, content) ?? (isPublicPath(pathname) ? { ...meta, canonicalPath: normalizePath(pathname) } : meta);
}

/** The largest width of an uploaded picture a shared link shows: networks show 1200 pixels at most. */
const SHARE_WIDTH = 1280;

/** A share picture's address, and its size where known: an uploaded one's JPEG closest to SHARE_WIDTH. */
function shareImage(meta: HeadMeta): { url: string; width?: number; height?: number } | undefined {
  if (!meta.image) return undefined;
  const uploaded = parseMediaSrc(meta.image);
  if (!uploaded) return { url: `${company.siteUrl}${meta.image}`, ...meta.imageSize };
  const widths = mediaWidths(uploaded.width);
  const width = Math.max(...widths.filter((candidate) => candidate <= SHARE_WIDTH), Math.min(...widths));
  const height = Math.round((uploaded.height * width) / uploaded.width);
  return { url: `${company.siteUrl}${mediaFileUrl(uploaded.id, width, 'jpg')}`, width, height };
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head of a path; `pageMeta` when the page's data decides it (a job's page), not its module. */
export async function headHtml(pathname: string, content: SiteContentPages, options: { pageMeta?: HeadMeta; preview?: boolean } = {}): Promise<string> {
  const meta = options.pageMeta ?? (await metaForPath(pathname, content));
  const canonical = meta.canonicalPath ? `${company.siteUrl}${meta.canonicalPath}` : undefined;
  const image = shareImage(meta);
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
    image ? `<meta property="og:image" content="${escapeHtml(image.url)}" />` : '',
    image?.width ? `<meta property="og:image:width" content="${image.width}" />` : '',
    image?.height ? `<meta property="og:image:height" content="${image.height}" />` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    image ? `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />` : '',
    image ? `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />` : '',
    image ? `<meta name="twitter:image" content="${escapeHtml(image.url)}" />` : '',
    ...(meta.alternates ?? []).map(
      (link) => `<link rel="alternate" type="${link.type}" href="${company.siteUrl}${link.href}" title="${escapeHtml(link.title)}" />`,
    ),
    `<script type="application/ld+json">${jsonLdText(organizationJsonLd(content.site))}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Mirrors headHtml() after a client-side navigation, once the page's module and content (and so its meta) are loaded. */
export function applyHead(pathname: string, data: PageData): void {
  // A job's page writes its own head once it knows the job (job-head.ts, applyJobHead).
  if (isJobPath(pathname)) return;
  void import('./content-loader')
    .then((loader) => loader.loadContentForPath(pathname))
    .then(() => metaForPath(pathname, pageContent(data), data))
    .then((meta) => {
      // A later navigation wins over a page that loaded late.
      if (normalizePath(window.location.pathname) === normalizePath(pathname)) writeHead(meta);
    });
}
