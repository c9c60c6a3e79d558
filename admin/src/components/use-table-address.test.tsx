// The list's view in its address: a list opened back on the address of the view the store holds keeps that view's
// next change (it is the screen's own address, not a link to read again).
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from '../app/store';
import { searchChanged, selectTableParams, statusFilterChanged } from '../app/tables-slice';
import { useTableAddress } from './use-table-address';

function List() {
  const reading = useTableAddress('leads');
  return reading ? null : <p>Leads</p>;
}

describe(useTableAddress.name, () => {
  it('writes the next change of a list opened on the address of its own view (back from an item)', () => {
    const store = makeStore();
    store.dispatch(searchChanged({ table: 'leads', q: 'ada' }));
    window.history.replaceState(null, '', '/leads?q=ada');
    const router = createMemoryRouter([{ path: '/leads', element: <List /> }], { initialEntries: ['/leads?q=ada'] });
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    act(() => void store.dispatch(statusFilterChanged({ table: 'leads', status: 'new' })));
    expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ q: 'ada', status: 'new' });
    expect(window.location.search).toBe('?status=new&q=ada');
  });
});
