import { lazy, Suspense } from 'react';
import { labelClasses } from '../../components/ui/fields';
// A type only: the editor's code stays in its own chunk.
import type { RichTextFieldProps } from './rich-text-editor';

// The editor (TipTap and ProseMirror, decision 052) is a chunk of its own, loaded with the first rich-text field shown:
// the sign-in page and the other screens do not carry it.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** A prose field: its label, and an editor whose toolbar and editable area are named by it. */
export function RichTextInput(props: RichTextFieldProps) {
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
