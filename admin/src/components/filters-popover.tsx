import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FiFilter, FiX } from 'react-icons/fi';
import { buttonClasses } from './ui/button';

/** One chosen filter, shown as a chip under a list's toolbar: what it filters by and the value chosen. */
export interface FilterChip {
  key: string;
  /** The filter's label ("Status"). */
  name: string;
  /** The chosen value's label ("Pending"). */
  value: string;
  /** Sets the filter back to no filter. */
  onRemove: () => void;
}

/** The Filters button's id in a list's toolbar (focus goes back to it when the last chip is removed). */
export const FILTERS_BUTTON_ID = 'list-filters-button';

/**
 * A list's filter controls behind one "Filters" button (a disclosure, non-modal): Enter or Space opens it and moves
 * focus to its first control; Escape closes it and gives focus back to the button; Tab out of it or a click elsewhere
 * closes it. The button counts the filters chosen.
 */
export function FiltersPopover({ chosen, children }: { chosen: number; children: ReactNode }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('select, input, button, [tabindex]')?.focus();
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    // The list's own Escape (if any) is not this one's.
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  }

  return (
    // Positioned from the toolbar on a phone (the panel spans it), from the button on wider screens.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape from any control inside closes the panel.
    <div
      className="sm:relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        id={FILTERS_BUTTON_ID}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={buttonClasses('secondary')}
        onClick={() => setOpen(!open)}
      >
        <FiFilter aria-hidden="true" /> Filters
        {chosen > 0 && (
          <span className="rounded-full bg-blue-100 px-2 text-xs font-semibold text-blue-900">
            {chosen}
            <span className="sr-only"> chosen</span>
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="group"
          aria-label="Filters"
          className="absolute inset-x-4 top-full z-20 mt-1 flex flex-col gap-3 rounded-md border border-gray-200 bg-white p-4 shadow-lg sm:inset-x-auto sm:left-0 sm:w-72"
        >
          {children}
        </div>
      )}
    </div>
  );
}

/** The filters chosen, as chips under the toolbar: each removes its filter; focus then goes to the next chip, or the Filters button. */
export function FilterChips({ chips, onClearAll }: { chips: readonly FilterChip[]; onClearAll?: () => void }) {
  const list = useRef<HTMLUListElement>(null);
  // The place of the chip just removed, until the chips without it are shown.
  const removedAt = useRef<number | null>(null);

  useEffect(() => {
    if (removedAt.current === null) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = buttons[Math.min(removedAt.current, buttons.length - 1)] ?? document.getElementById(FILTERS_BUTTON_ID);
    removedAt.current = null;
    next?.focus();
  });

  if (chips.length === 0) return null;
  return (
    <ul ref={list} aria-label="Chosen filters" className="mt-3 flex flex-wrap items-center gap-2">
      {chips.map((chip, index) => (
        <li key={chip.key}>
          <button
            type="button"
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-1 pr-2 pl-3 text-sm text-blue-950 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600"
            onClick={() => {
              removedAt.current = index;
              chip.onRemove();
            }}
          >
            {/* The name is the visible text with what the button does before it (WCAG 2.5.3). */}
            <span className="sr-only">Remove filter: </span>
            <span className="font-medium">{chip.name}</span> <span className="break-all">{chip.value}</span>
            <FiX aria-hidden="true" className="shrink-0" />
          </button>
        </li>
      ))}
      {onClearAll && chips.length > 1 && (
        <li>
          <button
            type="button"
            className="text-sm text-blue-800 underline"
            onClick={() => {
              removedAt.current = 0;
              onClearAll();
            }}
          >
            Clear all filters
          </button>
        </li>
      )}
    </ul>
  );
}
