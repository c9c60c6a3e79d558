// The custom question fields' code waits for the visitor on a page whose server rendered them (lib/question-fields.ts):
// a module of its own, because the lazy component loads once per page.
import { DEFAULT_CONTENT, type FormQuestion } from '@brightwave/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PageDataContext } from './page-data';
import { QuoteForm } from '../components/quote-form';

const budget: FormQuestion = { id: 'budget', label: 'Budget', type: 'select', required: true, options: ['Small', 'Large'] };

it("fetches the fields' code only once the visitor focuses something, when the server rendered them", async () => {
  // What the server sent: the questions' fields are on the page before the app renders.
  const served = document.createElement('input');
  served.name = 'answers.budget';
  document.body.append(served);
  render(
    <PageDataContext value={{ content: { site: DEFAULT_CONTENT.site }, forms: { quote: [budget] } }}>
      <QuoteForm />
    </PageDataContext>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.queryByLabelText('Budget')).toBeNull();

  fireEvent.focusIn(screen.getByLabelText('Name'));
  expect(await screen.findByLabelText('Budget')).toBeRequired();
});
