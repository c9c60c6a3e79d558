import { isContentRecord, type ContentField, type ContentFields, type ContentPageSpec, type ContentValue, type ScalarField } from '@brightwave/common';
import { useId, useState, type ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { errorAttributes, FieldError, TextAreaField, TextField } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { FormContext, useFormState, type FormState } from './content-form-state';
import { entryName, fieldDomId, valueAt, withValueAt, type ValueRecord } from './content-values';
import { ImageInput } from './image-input';
import { ListInput } from './list-input';
import { RichTextInput } from './rich-text-input';

interface ContentFormProps {
  spec: ContentPageSpec;
  value: ContentFields;
  /** Field errors by path ("offer.cards.2.title"), from validateContent or the server's 400. */
  errors: Record<string, string>;
  /** The new fields, and the path that changed (a list's own path when its entries were added, removed or moved). */
  onChange: (fields: ContentFields, changedPath: string) => void;
}

/**
 * The controls of one content page, built from its spec: a fieldset per section (its title the legend), a control per
 * field, and lists whose entries can be added, removed and moved. Each error is shown beside the field it names. A
 * section can be folded to a summary line; a jump list leads to each; a section with an error stays open.
 */
export function ContentForm({ spec, value, errors, onChange }: ContentFormProps) {
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const withErrors = new Set(Object.keys(errors).map((path) => path.split('.')[0]));
  const idOf = (key: string) => `content-section-${key}`;
  const setFold = (key: string, fold: boolean) =>
    setFolded((current) => {
      const next = new Set(current);
      if (fold) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <FormValues value={value} errors={errors} onChange={onChange}>
      <nav aria-label="Sections of the page" className={`${cardClasses} flex flex-wrap items-center gap-x-4 gap-y-2 p-4 text-sm`}>
        <span className="font-medium text-gray-900">Jump to:</span>
        {spec.sections.map((section) => (
          <a key={section.key} href={`#${idOf(section.key)}`} className="text-blue-800 underline" onClick={() => setFold(section.key, false)}>
            {section.title}
          </a>
        ))}
        <span className="ml-auto flex gap-2">
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} onClick={() => setFolded(new Set(spec.sections.map((section) => section.key)))}>
            Fold all sections
          </button>
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} onClick={() => setFolded(new Set())}>
            Unfold all sections
          </button>
        </span>
      </nav>
      <p className="text-sm text-gray-700">Every field is required unless it is marked optional.</p>
      {spec.sections.map((section) => {
        const open = !folded.has(section.key) || withErrors.has(section.key);
        const bodyId = `${idOf(section.key)}-fields`;
        return (
          <fieldset key={section.key} id={idOf(section.key)} className={`${cardClasses} space-y-4 p-5`}>
            <legend className="px-1 text-lg font-semibold text-gray-900">{section.title}</legend>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 truncate text-sm text-gray-700">{open ? '' : sectionSummary(section.fields, value[section.key])}</p>
              <button
                type="button"
                className={buttonClasses('secondary', 'px-3 py-1')}
                aria-expanded={open}
                aria-controls={bodyId}
                onClick={() => setFold(section.key, open)}
              >
                {open ? 'Fold' : 'Unfold'}
                <span className="sr-only"> the section {section.title}</span>
              </button>
            </div>
            <div id={bodyId} hidden={!open} className="space-y-4">
              <Fields specs={section.fields} prefix={section.key} />
            </div>
          </fieldset>
        );
      })}
    </FormValues>
  );
}

/** A folded section's line: its first text, and how many entries each list holds ("What We Do · 6 cards"). */
export function sectionSummary(specs: Record<string, ContentField>, values: ContentValue | undefined): string {
  const record = isContentRecord(values) ? values : {};
  const parts: string[] = [];
  const firstText = Object.keys(specs)
    .map((name) => record[name])
    .find((value): value is string => typeof value === 'string' && value.trim() !== '');
  if (firstText) parts.push(firstText.length > 60 ? `${firstText.slice(0, 59)}…` : firstText);
  for (const [name, field] of Object.entries(specs)) {
    const entries = record[name];
    if (field.kind === 'list' && Array.isArray(entries)) parts.push(`${entries.length} ${field.itemLabel}${entries.length === 1 ? '' : 's'}`);
  }
  return parts.join(' · ');
}

interface FormValuesProps<Values extends ValueRecord> {
  value: Values;
  /** Field errors by path. */
  errors: Record<string, string>;
  /** The new values, and the path that changed. */
  onChange: (values: Values, changedPath: string) => void;
  children: ReactNode;
}

/**
 * The values and errors that the Fields inside read and change by path: a content page's (ContentForm), or any other
 * form's built from field specs (a built page's title, search fields and blocks).
 */
export function FormValues<Values extends ValueRecord>({ value, errors, onChange, children }: FormValuesProps<Values>) {
  const state: FormState = { fields: value, errors, change: (path, next) => onChange(withValueAt(value, path, next), path) };
  return <FormContext value={state}>{children}</FormContext>;
}

/**
 * The controls of a record's fields: a section's, a list's record entry's, a block's. `prefix` is the record's path
 * (empty at the top); `owner` names the entry, for the buttons of lists inside it.
 */
export function Fields({ specs, prefix, owner }: { specs: Record<string, ContentField>; prefix: string; owner?: string }) {
  return Object.entries(specs).map(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return field.kind === 'list' ? (
      <ListInput
        key={name}
        list={field}
        path={path}
        owner={owner}
        entry={(entryPath, index, entryOwner) =>
          field.of ? (
            <ScalarInput field={field.of} path={entryPath} label={entryName(field, index)} />
          ) : (
            <Fields specs={field.fields} prefix={entryPath} owner={entryOwner} />
          )
        }
      />
    ) : (
      <ScalarInput key={name} field={field} path={path} label={field.label} />
    );
  });
}

const INPUT_TYPES = { url: 'url', email: 'email', phone: 'tel' } as const;

/** Whether a field may be left empty (only texts, pictures and links can be). */
const isOptional = (field: ScalarField) => (field.kind === 'text' || field.kind === 'image' || field.kind === 'link') && field.optional === true;

/** One value: a text box (several lines when multiline), a web address, a link, e-mail, phone, number or picture path. */
function ScalarInput({ field, path, label }: { field: ScalarField; path: string; label: string }) {
  const { fields, errors, change } = useFormState();
  const hintId = useId();
  const value = valueAt(fields, path);
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const optional = isOptional(field);
  const id = fieldDomId(path);
  const common = {
    id,
    // Nearly every field is required: the few that are not say so, and the others carry no mark of their own.
    label: optional ? `${label} (optional)` : label,
    'aria-required': !optional,
    ...errorAttributes(id, errors[path]),
  };

  let control: ReactNode;
  if (field.kind === 'number') {
    control = (
      <TextField
        {...common}
        type="number"
        step="any"
        min={field.min}
        max={field.max}
        value={text}
        // A number while it is one; an empty box stays empty (and the check says a number is needed).
        onChange={(event) => change(path, Number.isNaN(event.target.valueAsNumber) ? '' : event.target.valueAsNumber)}
      />
    );
  } else if (field.kind === 'text' && field.multiline) {
    control = <TextAreaField {...common} rows={3} maxLength={field.max} value={text} onChange={(event) => change(path, event.target.value)} />;
  } else if (field.kind === 'rich') {
    control = <RichTextInput {...common} value={value} onChange={(next) => change(path, next)} />;
  } else if (field.kind === 'image') {
    control = <ImageInput common={common} value={text} onChange={(next) => change(path, next)} />;
  } else if (field.kind === 'link') {
    // A path of this site or an address elsewhere: a text box (a url input would refuse a path), with a hint.
    control = (
      <>
        <TextField
          {...common}
          {...errorAttributes(id, errors[path], { 'aria-describedby': hintId })}
          type="text"
          inputMode="url"
          value={text}
          onChange={(event) => change(path, event.target.value)}
        />
        <p id={hintId} className="mt-1 text-xs text-gray-700">
          A path such as /contact or https://…
        </p>
      </>
    );
  } else {
    control = (
      <TextField
        {...common}
        type={field.kind === 'text' ? 'text' : INPUT_TYPES[field.kind]}
        maxLength={field.kind === 'text' ? field.max : undefined}
        placeholder={field.kind === 'url' ? 'https://' : undefined}
        value={text}
        onChange={(event) => change(path, event.target.value)}
      />
    );
  }
  return (
    <div>
      {control}
      <FieldError controlId={id} error={errors[path]} />
    </div>
  );
}
