/**
 * @jest-environment-options {"url": "http://127.0.0.1:39481/admin/"}
 */
// The channel filters offer the sources and mediums the items have, from the dashboard's "Submissions by channel"
// (answered by a real HTTP server on the page's origin, as the contract says).
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { pageChanged, selectTableParams } from '../../app/tables-slice';
import { ChannelFilters } from './work-filters';

configure({ asyncUtilTimeout: 5_000 });

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

const counts = { contacts: 0, applications: 0, qualified: 0, hired: 0 };

describe(ChannelFilters.name, () => {
  it('offers the lead sources and mediums met, and filters the list by the one chosen, from page 1, the other list untouched', async () => {
    server.reset({
      'GET /api/admin/dashboard/channels?days=90': () =>
        ok({
          days: 90,
          kinds: ['lead', 'contact'],
          channels: [
            { source: 'Newsletter', medium: 'email', leads: 3, ...counts },
            { source: 'google', medium: 'cpc', leads: 1, ...counts },
            { source: 'partner', medium: 'referral', leads: 0, ...counts, contacts: 2 },
          ],
        }),
    });
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'leads', page: 3 }));
    render(
      <Provider store={store}>
        <ChannelFilters table="leads" kind="lead" />
      </Provider>,
    );
    const source = screen.getByRole('combobox', { name: 'Source' });
    await within(source).findByRole('option', { name: 'Newsletter' });
    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any source', 'google', 'Newsletter']);

    await userEvent.selectOptions(source, 'Newsletter');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Medium' }), 'email');
    expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ source: 'Newsletter', medium: 'email', page: 1 });
    expect(selectTableParams(store.getState(), 'queries')).toMatchObject({ source: '', medium: '' });
    await userEvent.selectOptions(source, 'Any source');
    expect(selectTableParams(store.getState(), 'leads').source).toBe('');
  });
});
