import type { ReactNode } from 'react';
import { telHref } from '../../content/company';

/** A telephone number that dials when tapped. Its spaces do not break, so the number never wraps across lines. */
export function PhoneLink({ number, className, children }: { number: string; className: string; children?: ReactNode }) {
  return (
    <a href={telHref(number)} className={className}>
      {children}
      {number.replaceAll(' ', '\u00a0')}
    </a>
  );
}
