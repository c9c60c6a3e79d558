import type { ListField } from '@brightwave/common';
import { useEffect, useRef, type ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { FiArrowDown, FiArrowUp, FiPlus, FiTrash2 } from 'react-icons/fi';
import { buttonClasses, iconButtonClasses } from '../../components/ui/button';
import { FieldError, fieldErrorId, labelClasses } from '../../components/ui/fields';
import { useFormState } from './content-form-state';
import { fieldDomId, moved, newEntryOf, valueAt } from './content-values';

/** A button of a list entry (or a page's block); one that cannot act now says so (aria-disabled) and keeps its place and focus. */
export function EntryButton({
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

/** Focus for after the next render: the element of an id, or (`inside`) its first text control, else its first button. */
export function useFocusAfterRender() {
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
interface ListInputProps {
  list: ListField;
  path: string;
  /** The entry this list is inside, named ("service card 3"), for the names of its buttons. */
  owner?: string;
  /** The controls of the entry at `path` (named `name`), which the form draws: a value's control, or a record's fields. */
  entry: (path: string, index: number, name: string) => ReactNode;
}

export function ListInput({ list, path, owner, entry }: ListInputProps) {
  const { fields, errors, change } = useFormState();
  const focusLater = useFocusAfterRender();
  const value = valueAt(fields, path);
  const entries = Array.isArray(value) ? value : [];
  const listId = fieldDomId(path);
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
      aria-describedby={errors[path] ? fieldErrorId(listId) : undefined}
      className="rounded-md border border-gray-200 p-4 focus:outline-2 focus:outline-blue-600"
    >
      <legend className={`${labelClasses} px-1`}>{list.label}</legend>
      <p className="text-xs text-gray-700">{list.min === list.max ? `Exactly ${list.min} entries.` : `From ${list.min} to ${list.max} entries.`}</p>
      <FieldError controlId={listId} error={errors[path]} />
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
                    <div className="min-w-0 flex-1">{entry(entryPath, index, name)}</div>
                    <div className="mt-6">{buttons}</div>
                  </div>
                ) : (
                  <fieldset
                    id={entryId(index)}
                    tabIndex={-1}
                    aria-describedby={errors[entryPath] ? fieldErrorId(entryId(index)) : undefined}
                    className="space-y-3 rounded-md border border-gray-200 bg-gray-50 p-4 focus:outline-2 focus:outline-blue-600"
                  >
                    {/* Named as its buttons name it ("service card 2"), shown with a capital. */}
                    <legend className="px-1 text-sm font-semibold text-gray-900 first-letter:uppercase">{name}</legend>
                    <FieldError controlId={entryId(index)} error={errors[entryPath]} />
                    {entry(entryPath, index, name)}
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
        className={buttonClasses('secondary', 'mt-3')}
        onClick={entries.length >= list.max ? undefined : onAdd}
      >
        <FiPlus aria-hidden="true" /> Add {list.itemLabel}
      </button>
    </fieldset>
  );
}
