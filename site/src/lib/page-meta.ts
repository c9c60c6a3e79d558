// What a page module exports beside its component: its <title> and description. A module of its own, imported by
// the pages and by the loaders that import the pages, so neither imports the other.
import type { SiteContentPages } from '@brightwave/common';
import type { ComponentType } from 'react';
import type { PageData } from './page-data';

/** The <title> and description of a page, exported by its module as `meta`. */
export interface PageMeta {
  title: string;
  description: string;
  /** The picture of a shared link: a picture of the site (/images/…) or an uploaded one (/media/…); none when empty. */
  image?: string;
  /** Other forms of the page, as <link rel="alternate"> (the careers page's job feeds). */
  alternates?: { type: string; href: string; title: string }[];
}

/**
 * A page whose title and description are content exports a function of the published content. A page whose head its
 * page data decides (a built page's, pages/built-page.tsx) exports `headOf` too: that head, with its canonical path,
 * where the data holds one for the path.
 */
export type PageModule = {
  default: ComponentType;
  meta: PageMeta | ((content: SiteContentPages) => PageMeta);
  headOf?: (pathname: string, data: PageData, content: SiteContentPages) => (PageMeta & { canonicalPath: string }) | undefined;
};

export const resolveMeta = (meta: PageModule['meta'], content: SiteContentPages): PageMeta => (typeof meta === 'function' ? meta(content) : meta);
