import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '../ui/link';
import type { NavItem } from './nav-links';
import { LuChevronDown } from '../ui/icons';

/**
 * Disclosure menu of links: opens by click, Enter/Space or ArrowDown; closes on outside click, Escape
 * (focus back on the button), when focus leaves it, and after a link is followed.
 */
export function NavDropdown({ label, items, onDark }: { label: string; items: NavItem[]; onDark: boolean }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const focusItem = (index: number) => {
    const links = containerRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  return (
    <div
      ref={containerRef}
      className="relative"
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !containerRef.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => focusItem(0));
          }
        }}
        className={`flex items-center gap-1 rounded-md px-3 py-2 font-medium ${onDark ? 'text-white hover:text-indigo-200' : 'text-slate-800 hover:text-indigo-700 dark:text-slate-100 dark:hover:text-indigo-300'}`}
      >
        {label}
        <LuChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white py-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        {items.map((item, index) => (
          // Labels are content, which may repeat one: the position keeps the keys apart.
          <li key={index}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              onKeyDown={(event) => {
                const links = Array.from(containerRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
                const current = links.indexOf(event.currentTarget);
                if (event.key === 'ArrowDown') {
                  event.preventDefault();
                  focusItem(current + 1);
                } else if (event.key === 'ArrowUp') {
                  event.preventDefault();
                  focusItem(current - 1);
                }
              }}
              className="block px-4 py-2 text-slate-800 hover:bg-indigo-50 hover:text-indigo-800 focus:bg-indigo-50 focus:text-indigo-800 dark:text-slate-100 dark:hover:bg-slate-800 dark:hover:text-white dark:focus:bg-slate-800"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
