// A list's toolbar: the status filter moved into the Filters popover, its choice shown as a chip that removes it,
// the view kept in the store (which the address follows).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../app/store';
import { pageChanged, selectTableParams } from '../app/tables-slice';
import { ListToolbar } from './list-toolbar';

const STATUSES = [
  { value: 'pending', label: 'Pending' },
  { value: 'resolved', label: 'Resolved' },
];

function renderToolbar() {
  const store = makeStore();
  store.dispatch(pageChanged({ table: 'queries', page: 3 }));
  render(
    <Provider store={store}>
      <ListToolbar table="queries" noun="queries" statusOptions={STATUSES} spamFilter />
    </Provider>,
  );
  return store;
}

describe(ListToolbar.name, () => {
  it('keeps one search box in the toolbar and the filters in the Filters popover', async () => {
    renderToolbar();
    expect(screen.getByRole('searchbox', { name: 'Search queries' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('combobox', { name: 'Show' })).toHaveFocus();
    expect(within(filters).getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });

  it('shows a chosen status as a chip from page 1; removing the chip clears the filter', async () => {
    const store = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    expect(selectTableParams(store.getState(), 'queries')).toMatchObject({ status: 'pending', page: 1 });
    expect(screen.getByRole('button', { name: 'Filters 1 chosen' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Status Pending' }));
    expect(selectTableParams(store.getState(), 'queries').status).toBe('');
    expect(screen.queryByRole('list', { name: 'Chosen filters' })).not.toBeInTheDocument();
  });

  it('shows the spam view as a chip whose removal goes back to the inbox', async () => {
    const store = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'spam');
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Show Spam' }));
    expect(selectTableParams(store.getState(), 'queries').spam).toBe(false);
  });
});
