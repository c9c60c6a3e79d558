import { MAX_LENGTH } from '@brightwave/common';
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { FiX } from 'react-icons/fi';
import { inputClasses, labelClasses } from '../../components/ui/fields';
import { addTechEntries } from './tech-stack';

interface TechStackInputProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/** Typed and added with Enter; a pasted comma-separated list is split and trimmed; each tag removable. */
export function TechStackInput({ value, onChange }: TechStackInputProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const hintId = useId();

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds a technology; it must not submit the surrounding form.
    event.preventDefault();
    onChange(addTechEntries(value, draft));
    setDraft('');
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!text.includes(',')) return;
    event.preventDefault();
    onChange(addTechEntries(value, `${draft},${text}`));
    setDraft('');
  }

  return (
    <div>
      <label htmlFor={inputId} className={labelClasses}>
        Tech Stack
      </label>
      <input
        id={inputId}
        className={inputClasses}
        value={draft}
        maxLength={MAX_LENGTH.url}
        aria-describedby={hintId}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <p id={hintId} className="mt-1 text-xs text-gray-700">
        Type a technology and press Enter, or paste a comma-separated list.
      </p>
      {value.length > 0 && (
        <ul aria-label="Technologies" className="mt-2 flex flex-wrap gap-2">
          {value.map((tech) => (
            <li key={tech} className="inline-flex items-center gap-1 rounded-full bg-blue-100 py-1 pl-3 pr-1 text-sm text-blue-900">
              {tech}
              <button
                type="button"
                aria-label={`Remove ${tech}`}
                onClick={() => onChange(value.filter((item) => item !== tech))}
                className="rounded-full p-0.5 hover:bg-blue-200 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                <FiX aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
