import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where each app puts its own look; the primitive itself has none. */
export interface DialogClassNames {
  backdrop: string;
  panel: string;
  header: string;
  title: string;
  closeButton: string;
  body: string;
  description?: string;
}

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  classNames: DialogClassNames;
  /** The close button's icon (its accessible name is "Close"). */
  closeIcon: ReactNode;
  /** alertdialog for confirmations, dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  description?: string;
  /** Whether a click on the backdrop closes the dialog (a form with unsaved input may prefer not). */
  closeOnBackdropClick?: boolean;
}

/**
 * The modal dialog of both apps (WAI-ARIA dialog pattern): named by its title, described by its description,
 * rendered over the page in a portal, focus moved inside (to the element marked `data-autofocus`, else the first
 * focusable one) and kept there (Tab and Shift+Tab wrap), Escape and the close button dismiss it, the page does
 * not scroll behind it, and focus returns to what opened it. Only the top-most of stacked dialogs reacts to keys.
 * Managed in script rather than with <dialog>.showModal() so that it behaves the same in every browser and in
 * the unit tests' jsdom.
 */
export function Dialog({ open, title, onClose, children, classNames, closeIcon, role = 'dialog', description, closeOnBackdropClick = false }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The latest onClose, for the key handler installed once per opening.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Before the browser paints the dialog: shown, it already holds the focus, so a Tab pressed as it appears (a quick
  // hand, a slow phone) stays inside instead of moving on behind it from the button that opened it.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      const dialogs = document.querySelectorAll('[data-dialog-panel]');
      if (dialogs[dialogs.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      const firstElement = focusable.at(0);
      const lastElement = focusable.at(-1);
      if (!firstElement || !lastElement) {
        event.preventDefault();
        return;
      }
      const outside = !panel.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === firstElement || outside)) {
        event.preventDefault();
        lastElement.focus();
      } else if (!event.shiftKey && (document.activeElement === lastElement || outside)) {
        event.preventDefault();
        firstElement.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className={classNames.backdrop}
      // The backdrop is not a control: mouse users may click it, everyone else has Escape and the Close button.
      onMouseDown={closeOnBackdropClick ? (event) => event.target === event.currentTarget && onClose() : undefined}
      role="presentation"
    >
      <div
        ref={panelRef}
        data-dialog-panel
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={classNames.panel}
      >
        <div className={classNames.header}>
          <h2 id={titleId} className={classNames.title}>
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className={classNames.closeButton}>
            {closeIcon}
          </button>
        </div>
        <div className={classNames.body}>
          {description && (
            <p id={descriptionId} className={classNames.description}>
              {description}
            </p>
          )}
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
