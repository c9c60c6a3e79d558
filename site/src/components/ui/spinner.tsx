export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-slate-700 dark:text-slate-300">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-700 motion-reduce:animate-none dark:border-slate-700 dark:border-t-indigo-400"
      />
      <span>{label}</span>
    </div>
  );
}
