import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FiChevronDown } from 'react-icons/fi';
import { buttonClasses, type ButtonVariant } from './button';

export interface MenuItem {
  key: string;
  label: string;
  onSelect: () => void;
}

interface MenuButtonProps {
  /** The button's id (focus may be sent back to it). */
  id?: string;
  /** What the button shows; its text is its name. */
  children: ReactNode;
  items: readonly MenuItem[];
  variant?: ButtonVariant;
  /** Says why the menu cannot be opened now (the button stays focusable, aria-disabled, described by this). */
  unavailable?: string;
}

/**
 * A button that opens a menu of actions (the WAI-ARIA menu button): Enter, Space or Down open it on its first item, Up
 * on its last; the arrows, Home and End move between items; Escape closes it and gives focus back to the button; Tab
 * or a click elsewhere closes it. Choosing an item closes it and leaves focus to the item's action.
 */
export function MenuButton({ id, children, items, variant = 'secondary', unavailable }: MenuButtonProps) {
  const autoId = useId();
  const buttonId = id ?? autoId;
  const menuId = useId();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  function openAt(index: number) {
    if (unavailable) return;
    setActive(index);
    setOpen(true);
  }
  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  }
  function onMenuKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowDown: (active + 1) % items.length,
      ArrowUp: (active - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div
      className="relative inline-block"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) close(false);
      }}
    >
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-disabled={unavailable ? true : undefined}
        aria-describedby={unavailable ? reasonId : undefined}
        className={buttonClasses(variant)}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {children} <FiChevronDown aria-hidden="true" />
      </button>
      {unavailable && (
        <span id={reasonId} className="ml-3 text-sm text-gray-700">
          {unavailable}
        </span>
      )}
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute left-0 z-20 mt-1 max-h-80 min-w-56 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {items.map((item, index) => (
            <li key={item.key} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === active ? 0 : -1}
                className="block w-full px-4 py-2 text-left text-sm text-gray-900 hover:bg-gray-100 focus:bg-blue-50 focus:outline-2 focus:outline-blue-600"
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
