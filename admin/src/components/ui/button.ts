// A button that cannot be used now (`unavailable:`, index.css: disabled or aria-disabled) turns grey with a not-allowed
// cursor: faded colours alone (opacity) still read as an enabled button. WCAG asks no contrast of a disabled control.
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 unavailable:cursor-not-allowed unavailable:text-gray-500';

const VARIANTS = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 unavailable:bg-gray-200',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 unavailable:border-gray-200 unavailable:bg-gray-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 unavailable:bg-gray-200',
  ghost: 'text-gray-700 hover:bg-gray-100 unavailable:bg-transparent',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim();
}

export const iconButtonClasses =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600';
