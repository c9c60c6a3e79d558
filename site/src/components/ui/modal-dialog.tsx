import { Dialog } from '@brightwave/ui';
import type { ReactNode } from 'react';
import { LuX } from './icons';

/** The site's look of the shared dialog (packages/ui); a click on the backdrop closes it. */
export function ModalDialog({ title, onClose, children, wide }: { title: ReactNode; onClose: () => void; children: ReactNode; wide?: boolean }) {
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      closeOnBackdropClick
      closeIcon={<LuX aria-hidden="true" className="h-5 w-5" />}
      classNames={{
        backdrop: 'fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-slate-950/70 p-4 sm:items-center',
        panel: `relative my-8 max-h-[90vh] w-full overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl focus:outline-none dark:bg-slate-900 dark:text-slate-100 ${wide ? 'max-w-3xl' : 'max-w-xl'}`,
        header: 'mb-4 flex items-start justify-between gap-4',
        title: 'text-2xl font-bold',
        closeButton: 'rounded-full p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        body: '',
      }}
    >
      {children}
    </Dialog>
  );
}
