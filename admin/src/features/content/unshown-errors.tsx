/**
 * The refusals of fields the form does not show (a field of a hidden list entry, a rule of the whole document), each
 * named as the editor names it, so that none goes unseen above a long form.
 */
export function UnshownErrors({ errors, labelOf }: { errors: [path: string, message: string][]; labelOf: (path: string) => string }) {
  if (errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">These need attention as well:</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map(([path, message]) => (
          <li key={path}>
            {labelOf(path)}: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
