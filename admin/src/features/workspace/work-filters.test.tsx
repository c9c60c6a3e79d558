/**
 * @jest-environment-options {"url": "http://127.0.0.1:29481/admin/"}
 */
// The channel filters offer the sources and mediums the items have, from the dashboard's "Submissions by channel"
// (answered by a real HTTP server on the page's origin, as the contract says).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AnsweringServer, ok } from '../../../test/answering-server';
import type { FormQuestion } from '@brightwave/common';
import { makeStore } from '../../app/store';
import { pageChanged, selectTableParams } from '../../app/tables-slice';
import { AnswerFilters, ChannelFilters } from './work-filters';

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

describe(AnswerFilters.name, () => {
  const questions: FormQuestion[] = [
    { id: 'budget', label: 'Budget', type: 'select', required: true, options: ['Under 10k', 'Over 10k'] },
    { id: 'site', label: 'Website', type: 'url', required: false },
    { id: 'nda', label: 'Sign an NDA first?', type: 'checkbox', required: false },
  ];

  it("offers the form's choice questions, then the chosen one's options (Yes and No for a yes/no question), from page 1", async () => {
    const store = makeStore();
    store.dispatch(pageChanged({ table: 'leads', page: 3 }));
    render(
      <Provider store={store}>
        <AnswerFilters table="leads" questions={questions} />
      </Provider>,
    );
    const question = screen.getByRole('combobox', { name: 'Question' });
    const answer = screen.getByRole('combobox', { name: 'Answer' });
    const texts = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    // A typed answer (the website) is no choice to filter by.
    expect(texts(question)).toEqual(['Any question', 'Budget', 'Sign an NDA first?']);
    expect(answer).toBeDisabled();

    await userEvent.selectOptions(question, 'Budget');
    expect(texts(answer)).toEqual(['Any answer', 'Under 10k', 'Over 10k']);
    await userEvent.selectOptions(answer, 'Over 10k');
    expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ question: 'budget', answer: 'Over 10k', page: 1 });

    // Another question starts without an answer.
    await userEvent.selectOptions(question, 'Sign an NDA first?');
    expect(texts(answer)).toEqual(['Any answer', 'Yes', 'No']);
    expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ question: 'nda', answer: '' });
    await userEvent.selectOptions(answer, 'No');
    expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ question: 'nda', answer: 'no' });
    await userEvent.selectOptions(question, 'Any question');
    expect(selectTableParams(store.getState(), 'leads')).toMatchObject({ question: '', answer: '' });
  });
});
