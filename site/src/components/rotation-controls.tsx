import type { Rotation } from '../lib/use-rotation';
import { LuChevronLeft, LuChevronRight, LuPause, LuPlay } from './ui/icons';

/** Pause/play (WCAG 2.2.2), previous/next and one dot per item for an auto-rotating region. */
export function RotationControls({ rotation, labels, itemName, onDark }: { rotation: Rotation; labels: string[]; itemName: string; onDark?: boolean }) {
  const buttonClass = `rounded-full p-2 ${onDark ? 'text-white hover:bg-white/15' : 'text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800'}`;
  return (
    <div className="flex items-center justify-center gap-2">
      <button type="button" className={buttonClass} onClick={rotation.previous} aria-label={`Previous ${itemName}`}>
        <LuChevronLeft aria-hidden="true" className="h-5 w-5" />
      </button>
      {/* Below sm the dots wrap five to a row (5 × 24 px + 4 gaps = 8.5rem), so the controls fit a 320 px phone. */}
      <ul className="flex max-w-34 flex-wrap items-center justify-center gap-1 sm:max-w-none">
        {labels.map((label, index) => (
          <li key={label}>
            <button
              type="button"
              onClick={() => rotation.setIndex(index)}
              aria-label={`Show ${itemName} ${index + 1}: ${label}`}
              aria-current={index === rotation.index ? 'true' : undefined}
              className="group flex h-6 w-6 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${index === rotation.index ? 'w-6 bg-indigo-500' : onDark ? 'w-2.5 bg-white/70' : 'w-2.5 bg-slate-400 dark:bg-slate-500'}`}
              />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={buttonClass} onClick={rotation.next} aria-label={`Next ${itemName}`}>
        <LuChevronRight aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        className={buttonClass}
        onClick={rotation.togglePause}
        aria-label={rotation.pausedByUser ? `Play ${itemName} rotation` : `Pause ${itemName} rotation`}
      >
        {rotation.pausedByUser ? <LuPlay aria-hidden="true" className="h-5 w-5" /> : <LuPause aria-hidden="true" className="h-5 w-5" />}
      </button>
    </div>
  );
}
