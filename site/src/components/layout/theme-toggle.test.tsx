import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY } from '@brightwave/common';
import { ThemeTextToggle, themeToggleLabel } from './theme-toggle';

describe(ThemeTextToggle.name, () => {
  beforeEach(() => {
    document.documentElement.classList.remove('dark');
    localStorage.clear();
  });

  it("reads 'Dark Mode' in the light theme and 'Light Mode' in the dark theme", () => {
    expect(themeToggleLabel(false)).toBe('Dark Mode');
    expect(themeToggleLabel(true)).toBe('Light Mode');
  });

  it('toggles the dark class on the document root and remembers the choice', async () => {
    render(<ThemeTextToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Dark Mode' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Light Mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
