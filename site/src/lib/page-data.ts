// Data a page was rendered with on the server (its published content, the portfolio's projects, a job's page),
// handed to the first client render so that hydration matches and nothing is fetched twice.
import type {
  BookingPageData,
  BuiltPageDocument,
  CaseStudyDocument,
  FormQuestion,
  Job,
  NavPageLink,
  PortfolioItem,
  PostCard,
  PostPageData,
  PostsPage,
  QuestionForm,
  SearchPageData,
  SiteContentPages,
} from '@brightwave/common';
import { createContext, useContext } from 'react';
import { jsonLdText } from './json-ld';

/** A portfolio item's case study page (docs/features/case-studies.md): the item, its published story, its neighbours. */
export interface CaseStudyPageData {
  item: PortfolioItem;
  /** Its published story; null until one is published (the page then shows the item's own fields). */
  story: CaseStudyDocument | null;
  publishedAt: string | null;
  /** Other case studies: the same category first, then sharing a service, then the newest; three at most. */
  related: PortfolioItem[];
}

/** /news (a page of the published posts) or /news/<slug> (one post): docs/features/news.md. */
export interface NewsPageData {
  list?: PostsPage;
  post?: PostPageData;
}

export interface PageData {
  portfolio?: PortfolioItem[];
  /** The open job of /careers/<slug>. */
  job?: Job;
  /**
   * The short id (the slug's 8 hex digits) of /careers/<slug> when its job is closed (filled, expired, past its
   * closing date or deleted): one page for every address of that job.
   */
  jobClosed?: string;
  /** The published content the page shows (every page has the layout's: lib/content.ts). */
  content?: Partial<SiteContentPages>;
  /** A preview of a draft (a signed link from the admin): never indexed. */
  preview?: boolean;
  /** The page built from blocks at this path (docs/features/built-pages.md), published or previewed. */
  builtPage?: BuiltPageDocument;
  /** The open jobs, for a built page with an "Open positions" block. */
  jobs?: Job[];
  /** What each "Case studies" block of a built page shows, by the block's place on the page. */
  caseStudyBlocks?: Record<string, PortfolioItem[]>;
  /** What each "Latest news" block of a built page shows, by the block's place on the page. */
  newsBlocks?: Record<string, PostCard[]>;
  /** The case study of /portfolio/<slug>, published or previewed. */
  caseStudy?: CaseStudyPageData;
  /** The news list or a post, published or previewed. */
  news?: NewsPageData;
  /** The results of a site search, at /search. */
  search?: SearchPageData;
  /** A booking link's page, /book/<token>: whom the call is with, or why the link does not work. */
  booking?: BookingPageData;
  /** The published built pages placed in the header or footer (every page of the site shows them). */
  navPages?: NavPageLink[];
  /**
   * The custom questions of the quote and contact forms the page shows (docs/features/form-questions.md), only of a
   * form that has some: a page without them renders and sends its forms exactly as the SPEC says.
   */
  forms?: Partial<Record<QuestionForm, FormQuestion[]>>;
}

const PAGE_DATA_ELEMENT_ID = 'page-data';

export const PageDataContext = createContext<PageData>({});

export const usePageData = (): PageData => useContext(PageDataContext);

/** A JSON data block for the <head>: not a script that runs, so the CSP (no inline scripts) allows it. */
export function pageDataElement(data: PageData): string {
  if (Object.keys(data).length === 0) return '';
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonLdText(data)}</script>`;
}

let navigated = false;

/** Called with the first navigation inside the site: the page on screen is no longer the one the server sent. */
export function markNavigated(): void {
  navigated = true;
}

/** Whether the page on screen is the one the server sent, whose head came with it. */
export const isFirstPage = (): boolean => !navigated;

/** The data the server embedded in this page, or none (a prerendered page). */
export function readPageData(): PageData {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as PageData;
  } catch (error) {
    console.error('The page data could not be read', error);
    return {};
  }
}
