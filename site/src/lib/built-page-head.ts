// The head of a page built from blocks (docs/features/built-pages.md): written by the server (entry-server.tsx) and,
// when a navigation comes back to the page, by the head writer (seo.ts, through the page's module).
import { richPlainText, type BuiltPageDocument, type PageBlockOf, type SiteContent } from '@brightwave/common';
import type { HeadMeta } from './head-tags';
import { jsonLdText } from './json-ld';

/**
 * The page's search and sharing fields; where the editor left them empty, its title with the company's name, and its
 * hero's text.
 */
export function builtPageMeta(page: BuiltPageDocument, site: SiteContent): HeadMeta & { canonicalPath: string } {
  const hero = page.blocks.find((block): block is PageBlockOf<'hero'> => block.type === 'hero');
  return {
    title: page.seo.title || `${page.title} | ${site.company.name}`,
    description: page.seo.description || hero?.text || page.title,
    // builtPagePath's: not imported, as that would bring the blocks' specs into the app chunk, which every route loads.
    canonicalPath: `/${page.slug}`,
    image: page.seo.image || undefined,
  };
}

/** FAQPage structured data of the page's questions (every "Questions and answers" block), or none. */
export function builtPageJsonLd(page: BuiltPageDocument): string | undefined {
  const questions = page.blocks.flatMap((block) => (block.type === 'faq' ? block.items : []));
  if (questions.length === 0) return undefined;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: richPlainText(item.answer) },
    })),
  };
  return `<script type="application/ld+json">${jsonLdText(data)}</script>`;
}
