// The Filters popover by keyboard (open, focus inside, Escape back to its button, Tab out closes) and the chips of the
// chosen filters (named with their visible text, focus kept on the row of chips as they are removed).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FilterChips, FiltersPopover, type FilterChip } from './filters-popover';

function Toolbar() {
  const [chosen, setChosen] = useState<[name: string, value: string][]>([
    ['Status', 'Pending'],
    ['Owner', 'Me'],
  ]);
  const chips: FilterChip[] = chosen.map(([name, value]) => ({
    key: name,
    name,
    value,
    onRemove: () => setChosen((now) => now.filter(([other]) => other !== name)),
  }));
  return (
    <>
      <FiltersPopover chosen={chips.length}>
        <label>
          Status <select aria-label="Status" />
        </label>
        <label>
          <input type="checkbox" /> Overdue only
        </label>
      </FiltersPopover>
      <button type="button">Sort</button>
      <FilterChips chips={chips} onClearAll={() => setChosen([])} />
    </>
  );
}

describe(FiltersPopover.name, () => {
  it('opens with Enter or Space, moving focus to its first control; Escape closes it and gives focus back to the button', async () => {
    render(<Toolbar />);
    const button = screen.getByRole('button', { name: 'Filters 2 chosen' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.keyboard(' ');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveFocus();
  });

  it('closes when the focus leaves it (Tab past its last control), without taking the focus back', async () => {
    render(<Toolbar />);
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sort' })).toHaveFocus();
  });
});

describe(FilterChips.name, () => {
  it('names each chip with its visible text after what it does, and removing one moves focus to the next, then to the Filters button', async () => {
    render(<Toolbar />);
    const status = screen.getByRole('button', { name: 'Remove filter: Status Pending' });
    expect(status).toHaveTextContent('Status Pending');
    expect(screen.getByRole('list', { name: 'Chosen filters' })).toBeInTheDocument();

    await userEvent.click(status);
    expect(screen.queryByRole('button', { name: 'Remove filter: Status Pending' })).not.toBeInTheDocument();
    const owner = screen.getByRole('button', { name: 'Remove filter: Owner Me' });
    expect(owner).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Filters 1 chosen' })).toBeInTheDocument();

    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Chosen filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it('clears every filter at once when more than one is chosen', async () => {
    render(<Toolbar />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(screen.queryByRole('list', { name: 'Chosen filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });
});
