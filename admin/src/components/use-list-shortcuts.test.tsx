// The lists' keyboard shortcuts and whole-row clicks, through the table that uses them (DataTable's work queues).
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { DataTable } from './data-table';
import { Dialog } from './ui/dialog';

interface Person {
  _id: string;
  name: string;
}
const PEOPLE: Person[] = [
  { _id: 'p1', name: 'Ada' },
  { _id: 'p2', name: 'Bea' },
  { _id: 'p3', name: 'Cy' },
];

function Queue({ selectable = true }: { selectable?: boolean }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [dialog, setDialog] = useState(false);
  const toggle = (row: Person) => setChosen((before) => (before.includes(row._id) ? before.filter((id) => id !== row._id) : [...before, row._id]));
  return (
    <>
      <label>
        Search <input type="search" />
      </label>
      <button type="button" onClick={() => setDialog(true)}>
        Open a dialog
      </button>
      <Dialog open={dialog} title="Another dialog" onClose={() => setDialog(false)}>
        <p>Busy</p>
      </Dialog>
      <DataTable
        caption="People"
        rows={PEOPLE}
        isLoading={false}
        isError={false}
        onRetry={() => undefined}
        loadingLabel="Loading"
        emptyText="Nobody"
        queue={{ pathOf: (row) => `/people/${row._id}`, toggle: selectable ? toggle : undefined }}
        columns={[
          {
            header: 'Select',
            cell: (row) => <input type="checkbox" aria-label={`Select ${row.name}`} checked={chosen.includes(row._id)} onChange={() => toggle(row)} />,
          },
          { header: 'Name', cell: (row) => <a href={`/admin/people/${row._id}`}>{row.name}</a> },
          { header: 'Note', cell: (row) => `Note of ${row.name}` },
        ]}
      />
    </>
  );
}

function renderQueue(selectable?: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Queue selectable={selectable} /> },
      { path: '/people/:id', element: <h1>Person page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

describe('useListShortcuts', () => {
  it('moves the focus to the next and previous row with j and k, staying within the list', async () => {
    renderQueue();
    await userEvent.keyboard('j');
    expect(row('Ada')).toHaveFocus();
    await userEvent.keyboard('jj');
    expect(row('Cy')).toHaveFocus();
    await userEvent.keyboard('j');
    expect(row('Cy')).toHaveFocus();
    await userEvent.keyboard('k');
    expect(row('Bea')).toHaveFocus();
    await userEvent.keyboard('kk');
    expect(row('Ada')).toHaveFocus();
  });

  it('goes on from the row that holds the focus (a control in it)', async () => {
    renderQueue();
    screen.getByRole('link', { name: 'Bea' }).focus();
    await userEvent.keyboard('j');
    expect(row('Cy')).toHaveFocus();
  });

  it("toggles the focused row's selection with x, and opens its item with Enter", async () => {
    const router = renderQueue();
    await userEvent.keyboard('jjx');
    expect(screen.getByRole('checkbox', { name: 'Select Bea' })).toBeChecked();
    await userEvent.keyboard('x');
    expect(screen.getByRole('checkbox', { name: 'Select Bea' })).not.toBeChecked();
    await userEvent.keyboard('x{Enter}');
    expect(await screen.findByRole('heading', { name: 'Person page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/people/p2');
  });

  it('does nothing on x where the rows cannot be selected', async () => {
    renderQueue(false);
    await userEvent.keyboard('jx');
    expect(screen.getByRole('checkbox', { name: 'Select Ada' })).not.toBeChecked();
  });

  it('lists the shortcuts in a named dialog on ?, closed by Escape', async () => {
    renderQueue();
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText("Open the row's item")).toBeInTheDocument();
    expect(within(help).getAllByRole('definition')).toHaveLength(5);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is off while typing in a field', async () => {
    renderQueue();
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.keyboard('jx?');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('jx?');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Select Ada' })).not.toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is off while a dialog is open', async () => {
    renderQueue();
    await userEvent.click(screen.getByRole('button', { name: 'Open a dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Another dialog' });
    await userEvent.keyboard('jx?');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // Keys sent to the page itself while the dialog is open are not the list's either.
    act(() => void fireEvent.keyDown(document.body, { key: 'j' }));
    expect(screen.getAllByRole('row').some((element) => element === document.activeElement)).toBe(false);
  });

  it('leaves keys with Ctrl, Alt or ⌘ to the browser', async () => {
    renderQueue();
    await userEvent.keyboard('{Control>}j{/Control}{Alt>}j{/Alt}{Meta>}j{/Meta}');
    expect(screen.getAllByRole('row').some((element) => element === document.activeElement)).toBe(false);
  });
});

describe('a row of a work queue', () => {
  it('opens its item on a click anywhere but on its controls', async () => {
    const router = renderQueue();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Cy' }));
    expect(router.state.location.pathname).toBe('/');
    await userEvent.click(screen.getByText('Note of Cy'));
    expect(await screen.findByRole('heading', { name: 'Person page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/people/p3');
  });
});
