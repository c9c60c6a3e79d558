import type { ReactNode } from 'react';

/**
 * A link of a block (a `link` field): a path of this site, or another site's address, which opens as any link does
 * (no new tab) and gets no hold on this page. A plain link either way: the blocks are the server's HTML, and a page
 * built from blocks is no route of the app.
 */
export function BlockLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const external = /^https?:\/\//i.test(href);
  return (
    <a href={href} rel={external ? 'noopener' : undefined} className={className}>
      {children}
    </a>
  );
}
