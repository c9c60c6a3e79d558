/**
 * @jest-environment-options {"url": "http://127.0.0.1:29493/admin/"}
 */
// The Forms screen and its question editor against a real HTTP server on the page's origin that answers as the contract says.
import { MESSAGES, QUESTION_MESSAGES, richDoc, richParagraph, type FormQuestion, type FormQuestions } from '@brightwave/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { FormsPage } from './forms-page';

jest.setTimeout(30_000);

const budget: FormQuestion = { id: 'budget-ab12', label: 'Budget', type: 'select', required: true, options: ['Under 10k', '10k or more'] };
const timeline: FormQuestion = { id: 'timeline-cd34', label: 'Timeline', type: 'text', required: false, help: 'Roughly is fine' };

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

function formsWith(quote: FormQuestion[]): FormQuestions[] {
  return [
    { form: 'quote', questions: quote },
    { form: 'contact', questions: [] },
  ];
}

beforeEach(() => {
  server.reset({
    'GET /api/admin/forms': () => ok({ forms: formsWith([budget, timeline]) }),
    'PUT /api/admin/forms/quote': (body) =>
      ok({ message: MESSAGES.formQuestionsSaved, data: { form: 'quote', questions: (body as { questions: FormQuestion[] }).questions } }),
  });
});

async function openScreen(path = '/forms/quote') {
  const router = createMemoryRouter([{ path: '/forms/:form', element: <FormsPage /> }], { initialEntries: [path] });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  await screen.findByRole('list', { name: 'Questions' });
}

const question = (name: RegExp | string) => screen.getByRole('group', { name });
const questionNames = () =>
  within(screen.getByRole('list', { name: 'Questions' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Questions')
    .map((item) => within(item).getAllByRole('group')[0]?.querySelector('legend')?.textContent);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save quote form' }));
const sentQuestions = () => (server.sent('PUT /api/admin/forms/quote').at(-1) as { questions: FormQuestion[] }).questions;

describe(FormsPage.name, () => {
  it("shows the form's questions with a preview as a visitor sees them", async () => {
    await openScreen();
    expect(questionNames()).toEqual(['Question 1: Budget', 'Question 2: Timeline']);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('combobox', { name: 'Budget' })).toBeInTheDocument();
    expect(within(preview).getByRole('textbox', { name: 'Timeline' })).toHaveAccessibleDescription('Roughly is fine');
  });

  it('adds a question of a chosen type whose id follows its label, with its options, and saves the list with PUT', async () => {
    await openScreen();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind of the new question' }), 'Several choices from a list');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const added = question(/^Question 3/);
    // The new question's label has the focus, and keeps it while its id follows what is typed.
    expect(within(added).getByRole('textbox', { name: 'Label' })).toHaveFocus();
    await userEvent.type(within(added).getByRole('textbox', { name: 'Label' }), 'Services wanted');
    const options = within(question('Question 3: Services wanted')).getByRole('group', { name: 'Options of Services wanted' });
    await userEvent.clear(within(options).getByRole('textbox', { name: 'Option 1' }));
    await userEvent.type(within(options).getByRole('textbox', { name: 'Option 1' }), 'Design');
    await userEvent.click(within(options).getByRole('button', { name: 'Add option to Services wanted' }));
    await userEvent.clear(within(options).getByRole('textbox', { name: 'Option 2' }));
    await userEvent.type(within(options).getByRole('textbox', { name: 'Option 2' }), 'Build');
    await userEvent.click(within(options).getByRole('button', { name: 'Move option Build up' }));
    await userEvent.click(within(question('Question 3: Services wanted')).getByRole('checkbox', { name: 'Required' }));
    await save();

    expect(await screen.findByText(MESSAGES.formQuestionsSaved)).toBeInTheDocument();
    expect(sentQuestions()).toEqual([
      budget,
      timeline,
      {
        id: expect.stringMatching(/^services-wanted-[a-z0-9]{4}$/),
        label: 'Services wanted',
        type: 'multiselect',
        required: true,
        options: ['Build', 'Design'],
      },
    ]);
  });

  it('never changes the id of a saved question when its label changes', async () => {
    await openScreen();
    const label = within(question('Question 1: Budget')).getByRole('textbox', { name: 'Label' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Your budget');
    await save();
    await screen.findByText(MESSAGES.formQuestionsSaved);
    expect(sentQuestions()[0]).toEqual({ ...budget, label: 'Your budget' });
  });

  it('moves a question with Move up/Move down and with Alt+Arrow keys, keeping the focus, and announces it', async () => {
    await openScreen();
    const down = screen.getByRole('button', { name: 'Move Budget down' });
    await userEvent.click(down);
    expect(questionNames()).toEqual(['Question 1: Timeline', 'Question 2: Budget']);
    // Budget is last now: its Move down is unavailable, so the focus is on its Move up.
    expect(screen.getByRole('button', { name: 'Move Budget up' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move Budget down' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Budget moved to position 2 of 2');

    const label = within(question('Question 2: Budget')).getByRole('textbox', { name: 'Label' });
    label.focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(questionNames()).toEqual(['Question 1: Budget', 'Question 2: Timeline']);
    expect(within(question('Question 1: Budget')).getByRole('textbox', { name: 'Label' })).toHaveFocus();
  });

  it('duplicates a question right after it with an id of its own, and removes one', async () => {
    await openScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate question Budget' }));
    expect(questionNames()).toEqual(['Question 1: Budget', 'Question 2: Budget', 'Question 3: Timeline']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove question Timeline' }));
    expect(questionNames()).toEqual(['Question 1: Budget', 'Question 2: Budget']);
    await save();
    await screen.findByText(MESSAGES.formQuestionsSaved);
    const [first, copy] = sentQuestions();
    expect(first).toEqual(budget);
    expect(copy).toEqual({ ...budget, id: expect.stringMatching(/^budget-[a-z0-9]{4}$/) });
    expect(copy?.id).not.toBe(budget.id);
  });

  it('shows a question only when an earlier choice question has an answer, in the preview too', async () => {
    await openScreen();
    const timelineFields = question('Question 2: Timeline');
    await userEvent.selectOptions(within(timelineFields).getByRole('combobox', { name: 'Show this question' }), 'Only when “Budget” is answered…');
    await userEvent.selectOptions(within(timelineFields).getByRole('combobox', { name: 'With the answer' }), '10k or more');
    // Only the earlier choice questions are offered: Budget, not Timeline itself.
    expect(within(within(question('Question 1: Budget')).getByRole('combobox', { name: 'Show this question' })).getAllByRole('option')).toHaveLength(1);

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).queryByRole('textbox', { name: 'Timeline' })).not.toBeInTheDocument();
    await userEvent.selectOptions(within(preview).getByRole('combobox', { name: 'Budget' }), '10k or more');
    expect(within(preview).getByRole('textbox', { name: 'Timeline' })).toBeInTheDocument();

    // A quote form has no knockout answers to set.
    expect(screen.queryByRole('group', { name: /Knock out/ })).not.toBeInTheDocument();
    await save();
    await screen.findByText(MESSAGES.formQuestionsSaved);
    expect(sentQuestions()[1]).toEqual({ ...timeline, showIf: { question: 'budget-ab12', equals: '10k or more' } });
  });

  it("shows the list's problems at their fields once a save is tried, and sends nothing", async () => {
    await openScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    // A condition on a later question is refused: Timeline asks on Budget, then Budget moves below it.
    await userEvent.selectOptions(
      within(question('Question 3: Timeline')).getByRole('combobox', { name: 'Show this question' }),
      'Only when “Budget” is answered…',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Move Timeline up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Timeline up' }));
    await save();

    expect(await screen.findByText(MESSAGES.validationFailed)).toBeInTheDocument();
    const untitled = question('Question 3: untitled');
    expect(within(untitled).getByRole('textbox', { name: 'Label' })).toHaveAccessibleDescription(expect.stringContaining(QUESTION_MESSAGES.questionLabel));
    // The first field with a problem takes the focus.
    expect(within(question('Question 1: Timeline')).getByRole('combobox', { name: 'Show this question' })).toHaveFocus();
    expect(within(question('Question 1: Timeline')).getByRole('combobox', { name: 'Show this question' })).toHaveAccessibleDescription(
      QUESTION_MESSAGES.showIfOrder,
    );
    expect(server.sent('PUT /api/admin/forms/quote')).toEqual([]);
  });

  it("shows the server's refusal at the fields it names", async () => {
    server.answers['PUT /api/admin/forms/quote'] = () => ({
      status: 400,
      body: {
        success: false,
        message: MESSAGES.validationFailed,
        errors: { 'questions.1.help': QUESTION_MESSAGES.questionHelp, 'questions.0.options.1': QUESTION_MESSAGES.questionOption },
      },
    });
    await openScreen();
    await save();
    expect(await screen.findByText(MESSAGES.validationFailed)).toBeInTheDocument();
    expect(within(question('Question 2: Timeline')).getByRole('textbox', { name: 'Help text (optional)' })).toHaveAccessibleDescription(
      QUESTION_MESSAGES.questionHelp,
    );
    const option = within(question('Question 1: Budget')).getByRole('textbox', { name: 'Option 2' });
    expect(option).toHaveAttribute('aria-invalid', 'true');
    expect(option).toHaveAccessibleDescription(QUESTION_MESSAGES.questionOption);
    // A change of the list lets the editor's own checks speak again.
    await userEvent.type(within(question('Question 2: Timeline')).getByRole('textbox', { name: 'Help text (optional)' }), '!');
    await waitFor(() => expect(option).not.toHaveAttribute('aria-invalid'));
  });

  it('adds a consent: always required, with the statement the person agrees to in the rich-text editor and the preview', async () => {
    await openScreen();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind of the new question' }), 'Consent (a required tick)');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const consent = question(/^Question 3/);
    await userEvent.type(within(consent).getByRole('textbox', { name: 'Label' }), 'Privacy');
    const required = within(question('Question 3: Privacy')).getByRole('checkbox', { name: 'Required (a consent always is)' });
    expect(required).toBeChecked();
    expect(required).toBeDisabled();
    const statement = await within(question('Question 3: Privacy')).findByRole('textbox', { name: 'Statement the person agrees to' });
    expect(statement).toHaveTextContent('I agree that my answers are stored');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('checkbox', { name: 'Privacy' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('I agree that my answers are stored and used as the privacy notice describes.');
    await save();
    await screen.findByText(MESSAGES.formQuestionsSaved);
    expect(sentQuestions()[2]).toEqual({
      id: expect.stringMatching(/^privacy-[a-z0-9]{4}$/),
      label: 'Privacy',
      type: 'consent',
      required: true,
      statement: richDoc(richParagraph('I agree that my answers are stored and used as the privacy notice describes.')),
    });
  });

  it('edits the contact form on its own tab', async () => {
    server.answers['PUT /api/admin/forms/contact'] = (body) => ok({ message: MESSAGES.formQuestionsSaved, data: { form: 'contact', ...(body as object) } });
    await openScreen('/forms/contact');
    expect(screen.getByRole('link', { name: 'Contact form' })).toHaveAttribute('aria-current', 'page');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind of the new question' }), 'Yes or no');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Label' }), 'Existing customer?');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact form' }));
    await screen.findByText(MESSAGES.formQuestionsSaved);
    expect(server.sent('PUT /api/admin/forms/contact')).toEqual([
      { questions: [{ id: expect.stringMatching(/^existing-customer-[a-z0-9]{4}$/), label: 'Existing customer?', type: 'checkbox', required: false }] },
    ]);
  });
});
