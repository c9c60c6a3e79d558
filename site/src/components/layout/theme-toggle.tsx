import { useDarkMode } from '../../lib/theme';
import { LuMoon, LuSun } from '../ui/icons';

/** The label names the theme it switches to: 'Dark Mode' in light theme, 'Light Mode' in dark (SPEC §2). */
export function themeToggleLabel(dark: boolean): string {
  return dark ? 'Light Mode' : 'Dark Mode';
}

export function ThemeIconToggle({ onDark }: { onDark: boolean }) {
  const [dark, toggle] = useDarkMode();
  const Icon = dark ? LuSun : LuMoon;
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={themeToggleLabel(dark)}
      title={themeToggleLabel(dark)}
      className={`rounded-full p-2 ${onDark ? 'text-white hover:bg-white/10' : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'}`}
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}

export function ThemeTextToggle() {
  const [dark, toggle] = useDarkMode();
  const Icon = dark ? LuSun : LuMoon;
  return (
    <button
      type="button"
      onClick={toggle}
      className="flex w-full items-center gap-3 rounded-lg px-3 py-3 text-left font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      {themeToggleLabel(dark)}
    </button>
  );
}
