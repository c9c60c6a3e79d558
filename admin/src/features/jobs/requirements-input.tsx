import { MAX_LENGTH } from '@brightwave/common';
import { useId, useState, type KeyboardEvent } from 'react';
import { FiPlus, FiX } from 'react-icons/fi';
import { buttonClasses } from '../../components/ui/button';
import { inputClasses, labelClasses } from '../../components/ui/fields';
import { addRequirement, removeRequirementAt } from './requirements';

interface RequirementsInputProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/** Requirements added one at a time (input cleared after adding) and removed by position. */
export function RequirementsInput({ value, onChange }: RequirementsInputProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();

  function add() {
    const next = addRequirement(value, draft);
    if (next !== value) {
      onChange(next);
      setDraft('');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <div>
      <label htmlFor={inputId} className={labelClasses}>
        Requirements
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className={inputClasses}
          value={draft}
          maxLength={MAX_LENGTH.requirement}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={buttonClasses('secondary', 'shrink-0')} onClick={add}>
          <FiPlus aria-hidden="true" /> Add Requirement
        </button>
      </div>
      {value.length > 0 && (
        <ol aria-label="Requirements" className="mt-3 space-y-2">
          {value.map((requirement, index) => (
            <li key={`${index}-${requirement}`} className="flex items-start justify-between gap-2 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-900">
              <span className="break-words">{requirement}</span>
              <button
                type="button"
                aria-label={`Remove requirement ${index + 1}`}
                onClick={() => onChange(removeRequirementAt(value, index))}
                className="shrink-0 rounded p-0.5 text-gray-700 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <FiX aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
