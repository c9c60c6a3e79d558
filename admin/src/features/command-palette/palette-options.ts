import { canUse, WORK_ITEM_PATHS, type AdminRole, type WorkItemKind } from '@brightwave/common';
import { navGroupsFor } from '../../components/admin-navigation';

/** The palette's sections, in the order it lists them; the words are the glossary's (docs/architecture.md). */
export const PALETTE_SECTIONS = ['Go to', 'Actions', 'Leads', 'Contact messages', 'Applications', 'Jobs'] as const;
export type PaletteSection = (typeof PALETTE_SECTIONS)[number];

export type PaletteChoice = { kind: 'go'; to: string } | { kind: 'create-job' };

export interface PaletteOption {
  /** Unique among the options shown (the DOM id is made from it). */
  key: string;
  section: PaletteSection;
  label: string;
  /** A second line: an item's e-mail address, a screen's group. */
  detail?: string;
  choice: PaletteChoice;
}

/** A search is asked of the server from this many characters (fewer match too much to be of use). */
export const SEARCH_MIN_LENGTH = 2;
/** Rows of each kind the palette shows for a search. */
export const SEARCH_ROWS = 5;

/** Whether every word of the query is found in the text (case-insensitive): "set web" finds Settings (webhooks). */
export function matchesQuery(query: string, text: string): boolean {
  const haystack = text.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The screens the role may use and the actions it may take, those the query matches (all of them for an empty query). */
export function commandOptions(role: AdminRole | undefined, query: string): PaletteOption[] {
  const screens: PaletteOption[] = navGroupsFor(role).flatMap((group) =>
    group.entries
      .filter((entry) => matchesQuery(query, [entry.label, group.label ?? '', entry.keywords ?? ''].join(' ')))
      .map((entry) => ({
        key: `go:${entry.to}`,
        section: 'Go to' as const,
        label: entry.label,
        detail: group.label ?? undefined,
        choice: { kind: 'go' as const, to: entry.to },
      })),
  );
  const actions: PaletteOption[] =
    role && canUse(role, 'jobs') && matchesQuery(query, 'Create a job new posting hiring')
      ? [{ key: 'create-job', section: 'Actions', label: 'Create a job', choice: { kind: 'create-job' } }]
      : [];
  return [...screens, ...actions];
}

/** A found item or job, as the palette lists it. */
export interface Found {
  _id: string;
  label: string;
  detail?: string;
}

const ITEM_SECTIONS = { lead: 'Leads', contact: 'Contact messages', application: 'Applications' } as const satisfies Record<WorkItemKind, PaletteSection>;

/** Found items open on their own page (`/leads/<id>`…), as staff mails link to them. */
export function itemOptions(kind: WorkItemKind, found: readonly Found[]): PaletteOption[] {
  return found.map((row) => ({
    key: `${kind}:${row._id}`,
    section: ITEM_SECTIONS[kind],
    label: row.label,
    detail: row.detail,
    choice: { kind: 'go', to: `/${WORK_ITEM_PATHS[kind]}/${row._id}` },
  }));
}

/** A found job opens on its pipeline board, where its applications are. */
export function jobOptions(found: readonly Found[]): PaletteOption[] {
  return found.map((row) => ({
    key: `job:${row._id}`,
    section: 'Jobs',
    label: row.label,
    detail: row.detail,
    choice: { kind: 'go', to: `/jobs/${row._id}/pipeline` },
  }));
}

/** The option after (step 1) or before (step -1) the active one, round the list; the first when none is active. */
export function stepActive(options: readonly PaletteOption[], activeKey: string | null, step: 1 | -1): string | null {
  if (!options.length) return null;
  const index = options.findIndex((option) => option.key === activeKey);
  if (index === -1) return options[step === 1 ? 0 : options.length - 1]?.key ?? null;
  return options[(index + step + options.length) % options.length]?.key ?? null;
}
