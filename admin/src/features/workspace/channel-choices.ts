import type { ChannelCounts, WorkItemKind } from '@brightwave/common';

/** Which count of a channel says that a kind's items came from it. */
const COUNT_OF: Record<WorkItemKind, 'leads' | 'contacts' | 'applications'> = { lead: 'leads', contact: 'contacts', application: 'applications' };

/**
 * The sources (or mediums) a kind's items came from, as the choices of a list's filter: each value once (the filter
 * matches any case, so `Google` and `google` are one choice, spelt as the busiest one), in alphabetical order. The
 * value chosen now stays a choice, spelt as chosen, though no recent item has it (a bookmarked view).
 */
export function channelChoices(
  channels: readonly ChannelCounts[],
  kind: WorkItemKind,
  field: 'source' | 'medium',
  chosen: string,
): { value: string; label: string }[] {
  const byCase = new Map<string, string>();
  // The answer comes busiest first: the first spelling met is the busiest one.
  for (const channel of channels) {
    const value = channel[field];
    if (channel.other || !value || channel[COUNT_OF[kind]] === 0) continue;
    if (!byCase.has(value.toLowerCase())) byCase.set(value.toLowerCase(), value);
  }
  // Spelt as chosen, so that the select shows it.
  const trimmed = chosen.trim();
  if (trimmed) byCase.set(trimmed.toLowerCase(), trimmed);
  return [...byCase.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })).map((value) => ({ value, label: value }));
}
