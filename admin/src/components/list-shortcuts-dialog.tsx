import { Dialog } from './ui/dialog';
import { LIST_SHORTCUTS } from './use-list-shortcuts';

/** The list's keyboard shortcuts (loaded on demand: most admins never open it). */
export function ListShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open title="Keyboard shortcuts" description="On this list, while you are not typing in a field:" onClose={onClose}>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm text-gray-800">
        {LIST_SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="contents">
            <dt>
              {keys.map((key) => (
                <kbd key={key} className="rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs text-gray-900">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
