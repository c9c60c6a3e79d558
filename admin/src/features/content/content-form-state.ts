// What the controls of a content form share: the page's fields, their errors by path, and the change of one value.
// Provided by ContentForm or FormValues (content-form.tsx), read by each control, the list editor's too (list-input.tsx).
import type { ContentValue } from '@brightwave/common';
import { createContext, use } from 'react';
import type { ValueRecord } from './content-values';

export interface FormState {
  /** The form's values: a content page's fields, or a built page's document. */
  fields: ValueRecord;
  errors: Record<string, string>;
  change: (path: string, value: ContentValue) => void;
}

export const FormContext = createContext<FormState | null>(null);

export function useFormState(): FormState {
  const state = use(FormContext);
  if (!state) throw new Error('A content field is rendered outside ContentForm');
  return state;
}
