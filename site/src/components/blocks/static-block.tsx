// A built page's blocks that need no script, as the server renders them (pages/built-page.tsx): only the server entry
// imports this module, so none of it ships to the browser.
import type { PageBlock } from '@brightwave/common';
import type { ReactNode } from 'react';
import { CallToActionBlock } from './call-to-action-block';
import { CardsBlock } from './cards-block';
import { CaseStudiesBlock } from './case-studies-block';
import { FaqBlock } from './faq-block';
import { HeroBlock } from './hero-block';
import { LatestNewsBlock } from './latest-news-block';
import { LogosBlock } from './logos-block';
import { OpenPositionsBlock } from './open-positions-block';
import { PictureBlock } from './picture-block';
import { RichTextBlock } from './rich-text-block';
import { StatsBlock } from './stats-block';
import { TestimonialBlock } from './testimonial-block';

/**
 * A block's elements; `index`: its place on the page (the first block's hero heading is the page's h1 and its picture
 * loads at once; a listing block finds what it shows by it).
 */
export function renderStaticBlock(block: PageBlock, index: number): ReactNode {
  const first = index === 0;
  switch (block.type) {
    case 'hero':
      return <HeroBlock block={block} first={first} />;
    case 'richText':
      return <RichTextBlock block={block} />;
    case 'picture':
      return <PictureBlock block={block} first={first} />;
    case 'cards':
      return <CardsBlock block={block} first={first} />;
    case 'callToAction':
      return <CallToActionBlock block={block} />;
    case 'faq':
      return <FaqBlock block={block} />;
    case 'stats':
      return <StatsBlock block={block} />;
    case 'testimonial':
      return <TestimonialBlock block={block} />;
    case 'logos':
      return <LogosBlock block={block} />;
    case 'openPositions':
      return <OpenPositionsBlock block={block} />;
    case 'caseStudies':
      return <CaseStudiesBlock block={block} index={index} />;
    case 'latestNews':
      return <LatestNewsBlock block={block} index={index} />;
    // The forms are the page's own (form-block.tsx): hydrated, never static.
    case 'quoteForm':
    case 'contactForm':
      return null;
  }
}
