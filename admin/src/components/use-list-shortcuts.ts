import { useEffect, useRef, useState, type RefObject } from 'react';
import { isTyping } from './command-palette-shortcut';

/** The keys of a list, as the help dialog lists them. */
export const LIST_SHORTCUTS = [
  { keys: ['j'], action: 'Next row' },
  { keys: ['k'], action: 'Previous row' },
  { keys: ['Enter'], action: "Open the row's item" },
  { keys: ['x'], action: 'Select or unselect the row (lists with a Select column)' },
  { keys: ['?'], action: 'Show these shortcuts' },
] as const;

interface ListShortcutsOptions {
  /** The table body whose rows the keys move between (each row focusable by script: tabIndex -1). */
  body: RefObject<HTMLTableSectionElement | null>;
  onOpen: (index: number) => void;
  /** Left out where the rows cannot be selected: x then does nothing. */
  onToggle?: (index: number) => void;
}

/** Whether a dialog (the shared primitive's panel, or any modal) is open: its keys are its own. */
function dialogOpen(): boolean {
  return document.querySelector('[data-dialog-panel], [aria-modal="true"]') !== null;
}

/**
 * The keyboard shortcuts of a list: j and k move the focus (with its ring; a screen reader reads the row) to the next
 * and previous row, Enter opens the focused row's item, x selects or unselects it, ? opens the help that lists them.
 * Off while typing in a field and while a dialog is open, and for keys pressed with Ctrl, Alt or ⌘ (the browser's).
 */
export function useListShortcuts({ body, onOpen, onToggle }: ListShortcutsOptions): { helpOpen: boolean; setHelpOpen: (open: boolean) => void } {
  const [helpOpen, setHelpOpen] = useState(false);
  // The row last reached by j/k, for the next key when the focus has left the rows (a click beside them).
  const current = useRef(-1);
  // The latest callbacks, for the listener installed once.
  const actions = useRef({ onOpen, onToggle });
  useEffect(() => {
    actions.current = { onOpen, onToggle };
  }, [onOpen, onToggle]);

  useEffect(() => {
    function rows(): HTMLTableRowElement[] {
      return body.current ? Array.from(body.current.rows) : [];
    }
    /** The row that holds the focus (the row itself or a control in it), else the one last reached. */
    function focusedIndex(list: HTMLTableRowElement[]): number {
      const active = document.activeElement;
      const holder = active instanceof Element ? active.closest('tr') : null;
      const index = holder ? list.indexOf(holder) : -1;
      return index >= 0 ? index : current.current < list.length ? current.current : -1;
    }
    function moveTo(list: HTMLTableRowElement[], index: number) {
      current.current = index;
      list[index]?.focus();
      list[index]?.scrollIntoView?.({ block: 'nearest' });
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || dialogOpen()) return;
      const list = rows();
      if (event.key === '?') {
        if (event.repeat) return;
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      if (list.length === 0) return;
      const at = focusedIndex(list);
      switch (event.key) {
        case 'j':
          event.preventDefault();
          moveTo(list, at < 0 ? 0 : Math.min(at + 1, list.length - 1));
          break;
        case 'k':
          event.preventDefault();
          moveTo(list, at < 0 ? 0 : Math.max(at - 1, 0));
          break;
        case 'x':
          if (event.repeat || at < 0 || !actions.current.onToggle) return;
          event.preventDefault();
          actions.current.onToggle(at);
          break;
        case 'Enter':
          // Only on the row itself: a link, button or checkbox in it does its own work.
          if (event.repeat || !(event.target instanceof HTMLTableRowElement) || !list.includes(event.target)) return;
          event.preventDefault();
          actions.current.onOpen(list.indexOf(event.target));
          break;
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [body]);

  return { helpOpen, setHelpOpen };
}
