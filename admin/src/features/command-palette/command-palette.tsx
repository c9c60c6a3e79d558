import { canUse, JOB_DEPARTMENT_LABELS, type AdminRole } from '@brightwave/common';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/ui/dialog';
import { useGetInboxQuery } from '../inbox/inbox-api';
import { JobFormDialog } from '../jobs/job-form-dialog';
import { useGetAdminJobsQuery } from '../jobs/jobs-api';
import { useSearchApplicationsQuery } from './palette-api';
import { commandOptions, itemOptions, jobOptions, PALETTE_SECTIONS, SEARCH_MIN_LENGTH, SEARCH_ROWS, stepActive, type PaletteOption } from './palette-options';

// Typing is not searching: the lists are asked once the typing pauses.
const SEARCH_DEBOUNCE_MS = 250;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The items and jobs whose name or e-mail address holds the search, of the kinds the role may see. */
function useFound(role: AdminRole | undefined, search: string, open: boolean) {
  const skip = (area: 'inbox' | 'jobs') => !open || search.length < SEARCH_MIN_LENGTH || !role || !canUse(role, area);
  const query = { q: search, page: 1, limit: SEARCH_ROWS };
  const leads = useGetInboxQuery({ kind: 'leads', query }, { skip: skip('inbox') });
  const contacts = useGetInboxQuery({ kind: 'contacts', query }, { skip: skip('inbox') });
  const applications = useSearchApplicationsQuery(query, { skip: skip('jobs') });
  const jobs = useGetAdminJobsQuery(query, { skip: skip('jobs') });
  const answers = [leads, contacts, applications, jobs];
  const inbox = (rows: { _id: string; name: string; email: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ _id: row._id, label: row.name, detail: row.email }));
  return {
    options: [
      ...itemOptions('lead', inbox(leads.currentData?.rows)),
      ...itemOptions('contact', inbox(contacts.currentData?.rows)),
      ...itemOptions('application', applications.currentData ?? []),
      ...jobOptions((jobs.currentData?.jobs ?? []).map((job) => ({ _id: job._id, label: job.title, detail: JOB_DEPARTMENT_LABELS[job.department] }))),
    ],
    searching: answers.some((answer) => answer.isFetching),
    failed: answers.some((answer) => answer.isError),
  };
}

interface CommandPaletteProps {
  open: boolean;
  onClose: () => void;
  role: AdminRole | undefined;
}

/**
 * The command palette (Ctrl/⌘K, or the header's Search button): go to a screen, find a lead, contact message,
 * application or job by name or e-mail address, create a job. A combobox (the search field) over a listbox of
 * options in sections (WAI-ARIA combobox pattern): the arrow keys move the active option, Enter takes it, Escape
 * closes. Loaded on demand (admin-layout.tsx), so none of it weighs on the first load.
 */
export function CommandPalette({ open, onClose, role }: CommandPaletteProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [creatingJob, setCreatingJob] = useState(false);
  const search = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const found = useFound(role, search, open);
  const options = [...commandOptions(role, query), ...found.options];
  // The active option is kept by key while the results change, else the first one.
  const active = options.find((option) => option.key === activeKey) ?? options[0];
  const listboxId = useId();
  const optionId = (option: PaletteOption) => `${listboxId}-${option.key.replace(/[^\w-]/g, '_')}`;

  function close() {
    setQuery('');
    setActiveKey(null);
    onClose();
  }

  function choose(option: PaletteOption) {
    close();
    if (option.choice.kind === 'go') {
      navigate(option.choice.to);
      return;
    }
    // Over the list the new job joins.
    navigate('/jobs');
    setCreatingJob(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveKey(stepActive(options, active?.key ?? null, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  }

  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const pending = query.trim().length >= SEARCH_MIN_LENGTH && (query.trim() !== search || found.searching);
  const results = `${options.length} ${options.length === 1 ? 'result' : 'results'}`;
  const status = found.failed
    ? 'The search failed. Try again in a moment.'
    : pending
      ? options.length
        ? `${results} so far, searching…`
        : 'Searching…'
      : options.length === 0
        ? 'Nothing matches. Try a name, an e-mail address or a screen.'
        : results;

  return (
    <>
      <Dialog open={open} onClose={close} title="Go to or find" size="lg">
        <input
          data-autofocus
          type="text"
          role="combobox"
          aria-label="Screen, name or e-mail address"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="A screen, a name or an e-mail address"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          className="w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 placeholder:text-gray-600 focus:border-blue-600 focus:outline-2 focus:outline-blue-600"
        />
        <p role="status" className="mt-2 text-xs text-gray-700">
          {status}
        </p>
        <div id={listboxId} role="listbox" aria-label="Results" className="mt-2 max-h-[60vh] overflow-y-auto">
          {PALETTE_SECTIONS.map((section) => {
            const inSection = options.filter((option) => option.section === section);
            if (!inSection.length) return null;
            const headingId = `${listboxId}-${section.replace(/\W/g, '_')}`;
            return (
              <div key={section} role="group" aria-labelledby={headingId} className="mb-2">
                <div id={headingId} aria-hidden="true" className="px-2 py-1 text-xs font-semibold uppercase tracking-wide text-gray-600">
                  {section}
                </div>
                {inSection.map((option) => {
                  const isActive = option.key === active?.key;
                  return (
                    // Chosen by a click too; the keyboard works from the search field (aria-activedescendant), so an option takes no focus.
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                    <div
                      key={option.key}
                      id={optionId(option)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={isActive}
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseMove={() => setActiveKey(option.key)}
                      onClick={() => choose(option)}
                      className={`flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-2 py-2 text-sm ${isActive ? 'bg-blue-700 text-white' : 'text-gray-900'}`}
                    >
                      <span className="font-medium">{option.label}</span>
                      {option.detail && <span className={`truncate text-xs ${isActive ? 'text-blue-50' : 'text-gray-700'}`}>{option.detail}</span>}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        <p className="mt-2 border-t border-gray-200 pt-2 text-xs text-gray-700">↑ ↓ to move · Enter to open · Esc to close</p>
      </Dialog>
      {creatingJob && <JobFormDialog open job={null} onClose={() => setCreatingJob(false)} />}
    </>
  );
}
