export const tableClasses = 'min-w-full divide-y divide-gray-200 text-sm';
export const thClasses = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-700';
export const tdClasses = 'px-4 py-3 align-top text-gray-900';
export const cardClasses = 'rounded-lg border border-gray-200 bg-white shadow-sm';
