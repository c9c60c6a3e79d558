import type { ContentValue } from '@brightwave/common';
import { lazy, Suspense } from 'react';
import { labelClasses } from '../../components/ui/fields';

// The editor (TipTap and ProseMirror, decision 052) is a chunk of its own, loaded with the first rich-text field shown:
// the sign-in page and the other screens do not carry it.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

export interface RichTextInputProps {
  /** The editable area's id: the form moves focus there when the field has an error. */
  id: string;
  label: string;
  'aria-required': boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** The field's document (rich-text.ts); anything else shows as an empty document. */
  value: ContentValue | undefined;
  onChange: (value: ContentValue) => void;
}

/** A prose field: its label, and an editor whose toolbar and editable area are named by it. */
export function RichTextInput(props: RichTextInputProps) {
  const labelId = `${props.id}-label`;
  return (
    <div>
      {/* Not a <label>: the editable area is no form control, it takes its name with aria-labelledby. */}
      <span id={labelId} className={labelClasses}>
        {props.label}
      </span>
      <Suspense fallback={<p className="rounded-md border border-gray-300 px-3 py-6 text-sm text-gray-700">Loading the editor…</p>}>
        <RichTextEditor labelId={labelId} {...props} />
      </Suspense>
    </div>
  );
}
