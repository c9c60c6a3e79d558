import { MAX_LENGTH } from '@brightwave/common';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

export const inputClasses =
  'block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600';

export const labelClasses = 'mb-1 block text-sm font-medium text-gray-800';

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={labelClasses}>
      {children}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

/** A label above its control; the control takes the given id, or one of its own. */
function Field({
  id,
  label,
  required,
  children,
}: {
  id: string | undefined;
  label: string;
  required: boolean | undefined;
  children: (inputId: string) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      {children(inputId)}
    </div>
  );
}

export function TextField({ label, id, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return (
    <Field id={id} label={label} required={props.required}>
      {(inputId) => <input id={inputId} className={inputClasses} {...props} />}
    </Field>
  );
}

/** A required link (SPEC §9 length), typed from https://. */
export function UrlField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string }) {
  return <TextField type="url" required maxLength={MAX_LENGTH.url} placeholder="https://" {...props} />;
}

export function TextAreaField({ label, id, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  return (
    <Field id={id} label={label} required={props.required}>
      {(inputId) => <textarea id={inputId} className={inputClasses} {...props} />}
    </Field>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, id, placeholder, options, ...props }: SelectFieldProps) {
  return (
    <Field id={id} label={label} required={props.required}>
      {(inputId) => (
        <select id={inputId} className={inputClasses} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Options of a select from a key list and its labels (from @brightwave/common). */
export function optionsOf<K extends string>(keys: readonly K[], labels: Record<K, string>) {
  return keys.map((key) => ({ value: key, label: labels[key] }));
}
