import { lazy, Suspense, useState } from 'react';
import { FiCommand } from 'react-icons/fi';
import { buttonClasses } from './ui/button';

const ListShortcutsDialog = lazy(() => import('./list-shortcuts-dialog').then((module) => ({ default: module.ListShortcutsDialog })));

/** The help that lists a list's shortcuts, fetched on its first opening; nothing while closed. */
export function ListShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? (
    <Suspense fallback={null}>
      <ListShortcutsDialog onClose={onClose} />
    </Suspense>
  ) : null;
}

/** The lists' shortcuts made discoverable: a button that opens the help the ? key opens. */
export function ListShortcutsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClasses('ghost', 'px-2')} aria-keyshortcuts="?" onClick={() => setOpen(true)}>
        <FiCommand aria-hidden="true" /> Keyboard shortcuts (?)
      </button>
      <ListShortcutsHelp open={open} onClose={() => setOpen(false)} />
    </>
  );
}
