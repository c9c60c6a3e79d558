import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

export const controlClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/40 disabled:opacity-60 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
      {label}
      {optional && <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>}
    </label>
  );
}

interface FieldProps {
  label: string;
  optional?: boolean;
  hint?: ReactNode;
}

export function TextField({ label, optional, hint, ref, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} label={label} optional={optional} />
      <input ref={ref} id={id} type="text" className={controlClass} required={!optional} {...input} />
      {hint}
    </div>
  );
}

export function TextAreaField({ label, optional, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} label={label} optional={optional} />
      <textarea id={id} className={controlClass} required={!optional} {...textarea} />
    </div>
  );
}

export function SelectField({ label, optional, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} label={label} optional={optional} />
      <select id={id} className={controlClass} required={!optional} {...select}>
        {children}
      </select>
    </div>
  );
}
