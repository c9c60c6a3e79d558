import { MAX_LENGTH } from '@brightwave/common';
import { useId, type AriaAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

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

/** The id of the text of a control's error (`<control id>-error`), which the control's aria-describedby names. */
export const fieldErrorId = (controlId: string) => `${controlId}-error`;

/** The attributes that tie a control to its error. */
export type ErrorAttributes = Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby'>;

/**
 * What a control says of its error: invalid, and described by the error's text (after what describes it already, a
 * hint), so a screen reader reads the error with the field's name. Without an error, what it said stays.
 */
export function errorAttributes(controlId: string, error: string | undefined, own: ErrorAttributes = {}): ErrorAttributes {
  const describedBy = [own['aria-describedby'], error ? fieldErrorId(controlId) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : own['aria-invalid'], 'aria-describedby': describedBy || undefined };
}

/**
 * A field's error under it: the one way every form of the admin shows one (the server's refusal of the field, or a
 * check of the form's own), by its control's id (errorAttributes ties the two). Nothing without an error. A refused
 * submit is announced by its toast (the server's message, which names the first field); `live` announces the error
 * itself as it appears, for a check that flags what is being typed (the candidate mails' unknown placeholders).
 */
export function FieldError({ controlId, error, live }: { controlId: string; error: string | undefined; live?: boolean }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(controlId)} role={live ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

/** What the fields below take beside their control's own attributes: the error shown under them, if any. */
interface ErrorProp {
  error?: string;
}

/** A label above its control and the control's error under it; the control takes the given id, or one of its own. */
function Field({
  id,
  label,
  required,
  error,
  children,
}: {
  id: string | undefined;
  label: string;
  required: boolean | undefined;
  error: string | undefined;
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
      <FieldError controlId={inputId} error={error} />
    </div>
  );
}

export function TextField({ label, id, error, ...props }: InputHTMLAttributes<HTMLInputElement> & ErrorProp & { label: string }) {
  return (
    <Field id={id} label={label} required={props.required} error={error}>
      {(inputId) => <input id={inputId} className={inputClasses} {...props} {...errorAttributes(inputId, error, props)} />}
    </Field>
  );
}

/** A required link (SPEC §9 length), typed from https://. */
export function UrlField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & ErrorProp & { label: string }) {
  return <TextField type="url" required maxLength={MAX_LENGTH.url} placeholder="https://" {...props} />;
}

export function TextAreaField({ label, id, error, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & ErrorProp & { label: string }) {
  return (
    <Field id={id} label={label} required={props.required} error={error}>
      {(inputId) => <textarea id={inputId} className={inputClasses} {...props} {...errorAttributes(inputId, error, props)} />}
    </Field>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, ErrorProp {
  label: string;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, id, placeholder, options, error, ...props }: SelectFieldProps) {
  return (
    <Field id={id} label={label} required={props.required} error={error}>
      {(inputId) => (
        <select id={inputId} className={inputClasses} {...props} {...errorAttributes(inputId, error, props)}>
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
