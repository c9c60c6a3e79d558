import { MAX_TECH_STACK_ITEMS } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { addTechEntries } from './tech-stack';
import { TechStackInput } from './tech-stack-input';

function Harness({ initial = [], onSubmit = jest.fn() }: { initial?: string[]; onSubmit?: () => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TechStackInput value={value} onChange={setValue} />
    </form>
  );
}

const technologies = () =>
  screen.queryByRole('list', { name: 'Technologies' })
    ? within(screen.getByRole('list', { name: 'Technologies' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];

describe(TechStackInput.name, () => {
  it('adds the typed technology when Enter is pressed, and clears the input', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Tech Stack' });
    await userEvent.type(input, 'React{Enter}');
    expect(technologies()).toEqual(['React']);
    expect(input).toHaveValue('');
  });

  it('trims what was typed', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Tech Stack' }), '   Node.js  {Enter}');
    expect(technologies()).toEqual(['Node.js']);
  });

  it('ignores an empty or blank entry', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Tech Stack' });
    await userEvent.type(input, '{Enter}');
    await userEvent.type(input, '    {Enter}');
    expect(technologies()).toEqual([]);
  });

  it('does not add a duplicate', async () => {
    render(<Harness initial={['React']} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Tech Stack' }), 'React{Enter}');
    expect(technologies()).toEqual(['React']);
  });

  it('removes a technology with its remove button', async () => {
    render(<Harness initial={['React', 'Vue', 'Svelte']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Vue' }));
    expect(technologies()).toEqual(['React', 'Svelte']);
  });

  it('splits a pasted comma-separated string into trimmed entries', async () => {
    render(<Harness initial={['React']} />);
    const input = screen.getByRole('textbox', { name: 'Tech Stack' });
    await userEvent.click(input);
    await userEvent.paste(' TypeScript ,Node.js,, React ,  PostgreSQL ');
    expect(technologies()).toEqual(['React', 'TypeScript', 'Node.js', 'PostgreSQL']);
    expect(input).toHaveValue('');
  });

  it('splits a comma-separated string typed and confirmed with Enter', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Tech Stack' }), 'AWS, Docker ,Kubernetes{Enter}');
    expect(technologies()).toEqual(['AWS', 'Docker', 'Kubernetes']);
  });

  it('Enter adds the technology instead of submitting the form', async () => {
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Tech Stack' }), 'Go{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(technologies()).toEqual(['Go']);
  });
});

describe(addTechEntries.name, () => {
  it('keeps the existing list unchanged when nothing new is given', () => {
    expect(addTechEntries(['A'], ' , ,')).toEqual(['A']);
  });

  it(`stops at ${MAX_TECH_STACK_ITEMS} technologies`, () => {
    const many = Array.from({ length: MAX_TECH_STACK_ITEMS + 5 }, (_, index) => `T${index}`).join(',');
    expect(addTechEntries([], many)).toHaveLength(MAX_TECH_STACK_ITEMS);
  });
});
