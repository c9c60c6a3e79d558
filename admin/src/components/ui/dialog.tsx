import { Dialog as DialogPrimitive, type DialogProps as PrimitiveProps } from '@brightwave/ui';
import { FiX } from 'react-icons/fi';

type DialogProps = Omit<PrimitiveProps, 'classNames' | 'closeIcon' | 'closeOnBackdropClick' | 'title'> & {
  title: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

const SIZE_CLASSES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/** The admin's look of the shared dialog (packages/ui); a click beside a form does not close it. */
export function Dialog({ size = 'md', ...props }: DialogProps) {
  return (
    <DialogPrimitive
      {...props}
      closeIcon={<FiX aria-hidden="true" className="h-5 w-5" />}
      classNames={{
        // Centred by auto margins, not by align-items: a dialog taller than the window then starts at its top, which
        // stays reachable by scrolling (a centred one overflowed above the scrollable area).
        backdrop: 'fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-gray-900/60 p-4',
        panel: `relative my-8 w-full sm:my-auto ${SIZE_CLASSES[size]} rounded-lg bg-white shadow-xl focus:outline-none`,
        header: 'flex items-center justify-between border-b border-gray-200 px-5 py-4',
        title: 'text-lg font-semibold text-gray-900',
        closeButton: 'rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600',
        body: 'px-5 py-4',
        description: 'text-gray-700',
      }}
    />
  );
}
