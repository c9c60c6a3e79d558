import {
  MEDIA_ACCEPT,
  MEDIA_MAX_MB,
  MEDIA_PAGE_SIZE,
  MESSAGES,
  mediaFileUrl,
  mediaWidths,
  parseMediaSrc,
  type ContentField,
  type ContentFields,
  type ContentPageSpec,
  type ContentValue,
  type ListField,
  type ScalarField,
} from '@brightwave/common';
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { FiArrowDown, FiArrowUp, FiPlus, FiTrash2 } from 'react-icons/fi';
import { apiUrl } from '../../app/config';
import { buttonClasses, iconButtonClasses } from '../../components/ui/button';
import { labelClasses, TextAreaField, TextField } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { errorMessage } from '../../lib/api-error';
import { entryName, fieldDomId, moved, newEntryOf, valueAt, withValueAt } from './content-values';
import { useGetMediaLibraryQuery, useUploadMediaMutation } from './media-api';
import { RichTextInput } from './rich-text-input';

interface ContentFormProps {
  spec: ContentPageSpec;
  value: ContentFields;
  /** Field errors by path ("offer.cards.2.title"), from validateContent or the server's 400. */
  errors: Record<string, string>;
  /** The new fields, and the path that changed (a list's own path when its entries were added, removed or moved). */
  onChange: (fields: ContentFields, changedPath: string) => void;
}

interface FormState {
  fields: ContentFields;
  errors: Record<string, string>;
  change: (path: string, value: ContentValue) => void;
}

const FormContext = createContext<FormState | null>(null);

function useFormState(): FormState {
  const state = use(FormContext);
  if (!state) throw new Error('A content field is rendered outside ContentForm');
  return state;
}

/** The id of the text that describes a field's error (aria-describedby). */
const errorId = (path: string) => `${fieldDomId(path)}-error`;

/**
 * The controls of one content page, built from its spec: a fieldset per section (its title the legend), a control per
 * field, and lists whose entries can be added, removed and moved. Each error is shown beside the field it names.
 */
export function ContentForm({ spec, value, errors, onChange }: ContentFormProps) {
  const state: FormState = { fields: value, errors, change: (path, next) => onChange(withValueAt(value, path, next), path) };
  return (
    <FormContext value={state}>
      <p className="text-sm text-gray-700">Every field is required unless it is marked optional.</p>
      {spec.sections.map((section) => (
        <fieldset key={section.key} className={`${cardClasses} space-y-4 p-5`}>
          <legend className="px-1 text-lg font-semibold text-gray-900">{section.title}</legend>
          <Fields specs={section.fields} prefix={section.key} />
        </fieldset>
      ))}
    </FormContext>
  );
}

/** The fields of a section or of a list's record entry. `owner` names the entry, for the buttons of lists inside it. */
function Fields({ specs, prefix, owner }: { specs: Record<string, ContentField>; prefix: string; owner?: string }) {
  return Object.entries(specs).map(([name, field]) => {
    const path = `${prefix}.${name}`;
    return field.kind === 'list' ? (
      <ListInput key={name} list={field} path={path} owner={owner} />
    ) : (
      <ScalarInput key={name} field={field} path={path} label={field.label} />
    );
  });
}

function FieldError({ path }: { path: string }) {
  const message = useFormState().errors[path];
  if (!message) return null;
  return (
    <p id={errorId(path)} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

const INPUT_TYPES = { url: 'url', email: 'email', phone: 'tel' } as const;

/** One value: a text box (several lines when multiline), a web address, e-mail, phone, number or picture path. */
function ScalarInput({ field, path, label }: { field: ScalarField; path: string; label: string }) {
  const { fields, errors, change } = useFormState();
  const value = valueAt(fields, path);
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const invalid = path in errors;
  const optional = (field.kind === 'text' || field.kind === 'image') && field.optional === true;
  const common = {
    id: fieldDomId(path),
    // Nearly every field is required: the few that are not say so, and the others carry no mark of their own.
    label: optional ? `${label} (optional)` : label,
    'aria-required': !optional,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId(path) : undefined,
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
      <FieldError path={path} />
    </div>
  );
}

type CommonProps = { id: string; label: string; 'aria-required': boolean; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/** A picture of the site: its path, and a thumbnail of what the path shows (nothing while it shows nothing). */
function ImageInput({ common, value, onChange }: { common: CommonProps; value: string; onChange: (value: string) => void }) {
  const [broken, setBroken] = useState<string | null>(null);
  const [upload, { isLoading: uploading }] = useUploadMediaMutation();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const hintId = `${common.id}-hint`;
  const uploadId = `${common.id}-upload`;
  const uploadStatusId = `${common.id}-upload-status`;
  const describedBy = [hintId, common['aria-describedby']].filter(Boolean).join(' ');
  const uploaded = parseMediaSrc(value);
  // The smallest file of an uploaded picture is enough for the thumbnail.
  const thumbnail = uploaded ? mediaFileUrl(uploaded.id, Math.min(...mediaWidths(uploaded.width)), 'jpg') : value.startsWith('/images/') ? value : null;

  async function uploadChosen(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    try {
      onChange((await upload(file).unwrap()).data.src);
    } catch (error) {
      setUploadError(errorMessage(error, MESSAGES.internalError));
    }
  }

  return (
    <div className="flex items-start gap-4">
      <div className="min-w-0 flex-1">
        <TextField
          {...common}
          aria-describedby={describedBy}
          placeholder="/images/… or /media/…"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <p id={hintId} className="mt-1 text-xs text-gray-700">
          A picture of the site (a path under /images/), or one uploaded here: JPEG, PNG, WebP or AVIF, at most {MEDIA_MAX_MB} MB.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label htmlFor={uploadId} className="text-sm font-medium text-gray-800">
            Upload a picture
          </label>
          <input
            id={uploadId}
            type="file"
            accept={MEDIA_ACCEPT}
            disabled={uploading}
            aria-describedby={uploadStatusId}
            onChange={(event) => {
              void uploadChosen(event.target.files?.[0]);
              // The same file may be chosen again after a refusal.
              event.target.value = '';
            }}
            className="text-sm text-gray-800 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-gray-50 disabled:opacity-60"
          />
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} aria-expanded={picking} onClick={() => setPicking(!picking)}>
            {picking ? 'Close the uploaded pictures' : 'Choose an uploaded picture'}
          </button>
        </div>
        <p id={uploadStatusId} role="status" className="mt-1 text-xs text-gray-700">
          {uploading ? 'Uploading and resizing the picture…' : ''}
        </p>
        {uploadError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {uploadError}
          </p>
        )}
        {picking && (
          <MediaPicker
            onPick={(src) => {
              onChange(src);
              setPicking(false);
            }}
          />
        )}
      </div>
      {thumbnail && broken !== value && (
        // The path beside it says what it is: the thumbnail adds nothing for a screen reader.
        <img
          src={apiUrl(thumbnail)}
          alt=""
          onError={() => setBroken(value)}
          className="mt-6 h-16 w-24 shrink-0 rounded border border-gray-200 bg-gray-50 object-contain"
        />
      )}
    </div>
  );
}

/** The pictures uploaded so far, newest first: one chosen becomes the field's value. */
function MediaPicker({ onPick }: { onPick: (src: string) => void }) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useGetMediaLibraryQuery(page);
  if (isError) return <p className="mt-2 text-sm text-red-700">The uploaded pictures could not be loaded.</p>;
  if (!data) return <p className="mt-2 text-sm text-gray-700">Loading the uploaded pictures…</p>;
  if (data.media.length === 0) return <p className="mt-2 text-sm text-gray-700">No picture has been uploaded yet.</p>;
  const pages = Math.max(1, Math.ceil(data.total / MEDIA_PAGE_SIZE));
  return (
    <div className="mt-2 rounded-md border border-gray-200 p-2" aria-busy={isFetching}>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {data.media.map((item) => (
          <li key={item._id}>
            <button
              type="button"
              onClick={() => onPick(item.src)}
              aria-label={`Use the picture of ${item.width} × ${item.height} uploaded ${new Date(item.createdAt).toLocaleString()}`}
              className="block w-full rounded border border-gray-200 hover:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <img
                src={apiUrl(mediaFileUrl(item._id, Math.min(...mediaWidths(item.width)), 'jpg'))}
                alt=""
                loading="lazy"
                className="h-16 w-full object-contain"
              />
            </button>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
    </div>
  );
}

/** A button of a list entry; one that cannot act now says so (aria-disabled) and keeps its place and focus. */
function EntryButton({
  id,
  label,
  icon: Icon,
  unavailable,
  onClick,
}: {
  id: string;
  label: string;
  icon: IconType;
  unavailable: boolean;
  onClick: () => void;
}) {
  return (
    <button
      id={id}
      type="button"
      aria-label={label}
      title={label}
      aria-disabled={unavailable || undefined}
      className={`${iconButtonClasses} aria-disabled:cursor-not-allowed aria-disabled:opacity-40`}
      onClick={unavailable ? undefined : onClick}
    >
      <Icon aria-hidden="true" />
    </button>
  );
}

/** What receives focus once the list has been re-rendered: the moved entry's button, the added entry's first control. */
type FocusTarget = { id: string; inside?: boolean };

function useFocusAfterRender() {
  const target = useRef<FocusTarget | null>(null);
  useEffect(() => {
    if (!target.current) return;
    const { id, inside } = target.current;
    target.current = null;
    const element = document.getElementById(id);
    const focusable =
      inside && element && !element.matches('input, textarea')
        ? (element.querySelector<HTMLElement>('input, textarea') ?? element.querySelector<HTMLElement>('button'))
        : element;
    focusable?.focus();
  });
  return (next: FocusTarget) => {
    target.current = next;
  };
}

/**
 * An ordered list: each entry a control (a list of single values) or a fieldset of controls (a list of records), with
 * Move up, Move down and Remove; Add at the end. The buttons name their entry ("Remove service card 3"), and inside
 * another entry the owner too ("Remove feature 2 of service card 3").
 */
function ListInput({ list, path, owner }: { list: ListField; path: string; owner?: string }) {
  const { fields, errors, change } = useFormState();
  const focusLater = useFocusAfterRender();
  const value = valueAt(fields, path);
  const entries = Array.isArray(value) ? value : [];
  const listId = fieldDomId(path);
  const invalid = path in errors;
  const of = owner ? ` of ${owner}` : '';
  const nameOf = (index: number) => `${list.itemLabel} ${index + 1}${of}`;
  const entryId = (index: number) => fieldDomId(`${path}.${index}`);

  function onAdd() {
    change(path, [...entries, newEntryOf(list)]);
    focusLater({ id: entryId(entries.length), inside: true });
  }
  function onRemove(index: number) {
    change(
      path,
      entries.filter((_entry, at) => at !== index),
    );
    const next = index < entries.length - 1 ? index : index - 1;
    focusLater({ id: next >= 0 ? `${entryId(next)}-remove` : `${listId}-add` });
  }
  function onMove(index: number, to: number, direction: 'up' | 'down') {
    change(path, moved(entries, index, to));
    focusLater({ id: `${entryId(to)}-${direction}` });
  }

  return (
    <fieldset
      id={listId}
      tabIndex={-1}
      aria-describedby={invalid ? errorId(path) : undefined}
      className="rounded-md border border-gray-200 p-4 focus:outline-2 focus:outline-blue-600"
    >
      <legend className={`${labelClasses} px-1`}>{list.label}</legend>
      <p className="text-xs text-gray-700">{list.min === list.max ? `Exactly ${list.min} entries.` : `From ${list.min} to ${list.max} entries.`}</p>
      <FieldError path={path} />
      {entries.length > 0 && (
        <ol className="mt-3 space-y-3">
          {entries.map((_entry, index) => {
            const entryPath = `${path}.${index}`;
            const name = nameOf(index);
            const buttons = (
              <div className="flex shrink-0 gap-1">
                <EntryButton
                  id={`${entryId(index)}-up`}
                  label={`Move ${name} up`}
                  icon={FiArrowUp}
                  unavailable={index === 0}
                  onClick={() => onMove(index, index - 1, 'up')}
                />
                <EntryButton
                  id={`${entryId(index)}-down`}
                  label={`Move ${name} down`}
                  icon={FiArrowDown}
                  unavailable={index === entries.length - 1}
                  onClick={() => onMove(index, index + 1, 'down')}
                />
                <EntryButton
                  id={`${entryId(index)}-remove`}
                  label={`Remove ${name}`}
                  icon={FiTrash2}
                  unavailable={entries.length <= list.min}
                  onClick={() => onRemove(index)}
                />
              </div>
            );
            return (
              // Entries have no identity of their own but their place; focus follows a moved entry (onMove).
              <li key={index}>
                {list.of ? (
                  <div className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <ScalarInput field={list.of} path={entryPath} label={entryName(list, index)} />
                    </div>
                    <div className="mt-6">{buttons}</div>
                  </div>
                ) : (
                  <fieldset
                    id={entryId(index)}
                    tabIndex={-1}
                    aria-describedby={entryPath in errors ? errorId(entryPath) : undefined}
                    className="space-y-3 rounded-md border border-gray-200 bg-gray-50 p-4 focus:outline-2 focus:outline-blue-600"
                  >
                    {/* Named as its buttons name it ("service card 2"), shown with a capital. */}
                    <legend className="px-1 text-sm font-semibold text-gray-900 first-letter:uppercase">{name}</legend>
                    <FieldError path={entryPath} />
                    <Fields specs={list.fields ?? {}} prefix={entryPath} owner={name} />
                    <div className="flex justify-end">{buttons}</div>
                  </fieldset>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <button
        id={`${listId}-add`}
        type="button"
        aria-label={owner ? `Add ${list.itemLabel} to ${owner}` : undefined}
        aria-disabled={entries.length >= list.max || undefined}
        className={buttonClasses('secondary', 'mt-3 aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
        onClick={entries.length >= list.max ? undefined : onAdd}
      >
        <FiPlus aria-hidden="true" /> Add {list.itemLabel}
      </button>
    </fieldset>
  );
}
