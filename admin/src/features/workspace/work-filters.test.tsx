import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { pageChanged, selectTableParams } from '../../app/tables-slice';
import { ChannelFilters } from './work-filters';

describe(ChannelFilters.name, () => {
  it('filters the list by source and by medium once the typing pauses, from page 1, the other list untouched', async () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'leads', page: 3 }));
    render(
      <Provider store={store}>
        <ChannelFilters table="leads" />
      </Provider>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Source' }), 'Newsletter');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Medium' }), 'email');
    await waitFor(() => expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ source: 'Newsletter', medium: 'email', page: 1 }));
    expect(selectTableParams(store.getState(), 'queries')).toMatchObject({ source: '', medium: '' });
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Source' }));
    await waitFor(() => expect(selectTableParams(store.getState(), 'leads').source).toBe(''));
  });
});
