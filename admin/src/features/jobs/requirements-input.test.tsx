import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { addRequirement, removeRequirementAt } from './requirements';
import { RequirementsInput } from './requirements-input';

function Harness({ initial = [], onSubmit = jest.fn() }: { initial?: string[]; onSubmit?: () => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <RequirementsInput value={value} onChange={setValue} />
    </form>
  );
}

const requirements = () =>
  screen.queryByRole('list', { name: 'Requirements' })
    ? within(screen.getByRole('list', { name: 'Requirements' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];

describe(RequirementsInput.name, () => {
  it('starts with no requirements when given none (a new job form starts empty)', () => {
    render(<Harness />);
    expect(requirements()).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Requirements' })).toHaveValue('');
  });

  it('adds a requirement, trimmed, and clears the input after adding', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Requirements' });
    await userEvent.type(input, '  3+ years of React  ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Requirement' }));
    expect(requirements()).toEqual(['3+ years of React']);
    expect(input).toHaveValue('');
  });

  it('adds one at a time, in order', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Requirements' });
    await userEvent.type(input, 'First{Enter}');
    await userEvent.type(input, 'Second{Enter}');
    expect(requirements()).toEqual(['First', 'Second']);
  });

  it('adds nothing when the input is empty or only spaces, and keeps what was typed', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Requirements' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Requirement' }));
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Requirement' }));
    expect(requirements()).toEqual([]);
  });

  it('removes a requirement by its position, even when two read the same', async () => {
    render(<Harness initial={['Same', 'Other', 'Same']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 3' }));
    expect(requirements()).toEqual(['Same', 'Other']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 1' }));
    expect(requirements()).toEqual(['Other']);
  });

  it('Enter adds the requirement instead of submitting the form', async () => {
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Requirements' }), 'Git{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(requirements()).toEqual(['Git']);
  });
});

describe('requirements list helpers', () => {
  it('addRequirement returns the same list for a blank input', () => {
    const list = ['A'];
    expect(addRequirement(list, ' \t ')).toBe(list);
  });

  it('removeRequirementAt removes only that position', () => {
    expect(removeRequirementAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});
