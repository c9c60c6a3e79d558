import { MAX_LENGTH, MAX_TECH_STACK_ITEMS } from '@brightwave/common';

/**
 * SPEC §5: entries are trimmed, empty ones ignored, duplicates not added; a comma-separated string
 * becomes several entries.
 */
export function addTechEntries(current: string[], input: string): string[] {
  const next = [...current];
  for (const raw of input.split(',')) {
    const entry = raw.trim().slice(0, MAX_LENGTH.techItem);
    if (!entry || next.includes(entry)) continue;
    if (next.length >= MAX_TECH_STACK_ITEMS) break;
    next.push(entry);
  }
  return next;
}
