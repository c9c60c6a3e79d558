import { DEFAULT_CONTENT, richDoc, richLink, richParagraph, required, type FormQuestion } from '@brightwave/common';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { markNavigated, PageDataContext, type PageData } from '../lib/page-data';
import { ApplyForm } from './apply-form';
import { ContactForm } from './contact-form';
import { QuoteForm } from './quote-form';

// The toasts load react-toastify on demand; here they only need to be raised.
jest.mock('../lib/notify', () => ({ notify: jest.fn(), useToastsRequested: () => false }));

const budget: FormQuestion = {
  id: 'budget',
  label: 'Budget',
  help: 'A rough figure is enough',
  type: 'select',
  required: true,
  options: ['Under 10k', '10k-50k', 'More'],
};
const big: FormQuestion = { id: 'big', label: 'Tell us about the scale', type: 'textarea', required: false, showIf: { question: 'budget', equals: 'More' } };
const QUESTIONS: FormQuestion[] = [
  budget,
  big,
  { id: 'company', label: 'Company', type: 'text', required: false },
  { id: 'billing', label: 'Billing address', type: 'email', required: false },
  { id: 'site', label: 'Current site', type: 'url', required: false },
  { id: 'mobile', label: 'Mobile', type: 'phone', required: false },
  { id: 'people', label: 'Team size', type: 'number', required: false, min: 1, max: 500 },
  { id: 'start', label: 'Start date', type: 'date', required: false },
  { id: 'channels', label: 'Channels', type: 'multiselect', required: false, options: ['Web', 'Mobile'] },
  { id: 'nda', label: 'Need an NDA?', type: 'checkbox', required: true },
  { id: 'ndaText', label: 'Which NDA?', type: 'text', required: true, showIf: { question: 'nda', equals: 'yes' } },
  {
    id: 'privacy',
    label: 'I agree to be contacted',
    type: 'consent',
    required: true,
    statement: richDoc(richParagraph('We use your answers as our ', richLink('privacy notice', '/privacy'), ' says.')),
  },
];

/** Inside the page's data and a router, as on the site (the confirmation after a success has links). */
const withData = (data: PageData, tree: ReactElement) => (
  <MemoryRouter>
    <PageDataContext value={{ content: { site: DEFAULT_CONTENT.site }, ...data }}>{tree}</PageDataContext>
  </MemoryRouter>
);

/** fetch as the forms use it: the form token, then the submission, answered with `answer` (jsdom has no Response). */
function recordFetch(answer: { status: number; body: object } = { status: 201, body: { success: true, message: 'Thanks', sendsConfirmations: false } }) {
  const calls: { url: string; body?: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (String(url).endsWith('/api/form-token')) return { status: 200, ok: true, text: async () => JSON.stringify({ success: true, token: 't' }) };
    if (String(url).includes('/api/forms/')) return { status: 200, ok: true, json: async () => ({ success: true, questions: [budget] }) };
    return { status: answer.status, ok: answer.status < 300, text: async () => JSON.stringify(answer.body) };
  }) as unknown as typeof fetch;
  return calls;
}

const browserFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = browserFetch;
});

async function fillQuote() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.selectOptions(screen.getByLabelText('Service'), 'web');
  await userEvent.type(screen.getByLabelText('Message'), 'A new site');
}

const submitted = (calls: { url: string; body?: unknown }[], path: string) =>
  required(
    calls.find((call) => call.url.endsWith(path)),
    `the ${path} call`,
  ).body as Record<string, unknown>;

describe('the custom questions of the quote form', () => {
  beforeEach(() => render(withData({ forms: { quote: QUESTIONS } }, <QuoteForm />)));

  it('come after the SPEC fields, in order, with their labels', async () => {
    await screen.findByLabelText('Budget');
    const labels = Array.from(document.querySelectorAll('form label, form legend'))
      .map((label) => label.textContent)
      .filter((text) => !text?.startsWith('Leave this field empty'));
    expect(labels.slice(0, 5)).toEqual(['Name', 'Email', 'Service', 'Message', 'Budget']);
    expect(labels.indexOf('Company (optional)')).toBeLessThan(labels.indexOf('Need an NDA?'));
  });

  it('render each type with its own control', async () => {
    const select = await screen.findByLabelText('Budget');
    expect(select).toBeRequired();
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Select…', 'Under 10k', '10k-50k', 'More']);
    expect(options[0]).toHaveValue('');
    expect(screen.getByLabelText('Company (optional)')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Company (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Billing address (optional)')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Current site (optional)')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Mobile (optional)')).toHaveAttribute('type', 'tel');
    const people = screen.getByLabelText('Team size (optional)');
    expect(people).toHaveAttribute('type', 'number');
    expect(people).toHaveAttribute('min', '1');
    expect(people).toHaveAttribute('max', '500');
    expect(screen.getByLabelText('Start date (optional)')).toHaveAttribute('type', 'date');
    const channels = screen.getByRole('group', { name: 'Channels (optional)' });
    expect(
      within(channels)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['Web', 'Mobile']);
    const nda = screen.getByRole('group', { name: 'Need an NDA?' });
    expect(
      within(nda)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Yes', 'No']);
    expect(within(nda).getByRole('radio', { name: 'Yes' })).toBeRequired();
    const consent = screen.getByRole('checkbox', { name: 'I agree to be contacted' });
    expect(consent).toBeRequired();
    // The statement, rendered as the site's prose, describes the tick box.
    expect(consent).toHaveAccessibleDescription('We use your answers as our privacy notice says.');
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
  });

  it('tie the help text to the field', async () => {
    expect(await screen.findByLabelText('Budget')).toHaveAccessibleDescription('A rough figure is enough');
  });

  it('show a question only while its condition holds', async () => {
    await userEvent.selectOptions(await screen.findByLabelText('Budget'), 'More');
    expect(screen.getByLabelText('Tell us about the scale (optional)')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Budget'), '10k-50k');
    expect(screen.queryByLabelText('Tell us about the scale (optional)')).toBeNull();
    expect(screen.queryByLabelText('Which NDA?')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText('Which NDA?')).toBeRequired();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText('Which NDA?')).toBeNull();
  });

  it("keep only digits and one leading plus in a phone question, as the SPEC's phone", async () => {
    const mobile = await screen.findByLabelText('Mobile (optional)');
    await userEvent.type(mobile, '+1 (555) abc-010+2030');
    expect(mobile).toHaveValue('+15550102030');
  });

  it('are sent as answers: the shown questions only, each as its type', async () => {
    const calls = recordFetch();
    await userEvent.selectOptions(await screen.findByLabelText('Budget'), 'More');
    await userEvent.type(screen.getByLabelText('Tell us about the scale (optional)'), 'Large');
    // Answered, then hidden again by its condition: not sent.
    await userEvent.selectOptions(screen.getByLabelText('Budget'), '10k-50k');
    await userEvent.type(screen.getByLabelText('Team size (optional)'), '12');
    await userEvent.type(screen.getByLabelText('Mobile (optional)'), '+1 555');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mobile' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Web' }));
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to be contacted' }));
    await fillQuote();
    fireEvent.submit(screen.getByRole('form', { name: 'Request a quote' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/leads'))).toBe(true));
    expect(submitted(calls, '/api/leads')).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      service: 'web',
      message: 'A new site',
      answers: { budget: '10k-50k', mobile: '+1555', people: 12, channels: ['Web', 'Mobile'], nda: false, privacy: true },
    });
  });

  it("show the server's refusals at their fields and focus the first", async () => {
    recordFetch({
      status: 400,
      body: {
        success: false,
        message: 'Please check the form',
        errors: { 'answers.people': 'Please give a number from 1 to 500', 'answers.nda': 'Please answer yes or no' },
      },
    });
    await screen.findByLabelText('Budget');
    await fillQuote();
    fireEvent.submit(screen.getByRole('form', { name: 'Request a quote' }));
    const people = screen.getByLabelText('Team size (optional)');
    await waitFor(() => expect(people).toHaveAttribute('aria-invalid', 'true'));
    expect(people).toHaveAccessibleDescription('Please give a number from 1 to 500');
    expect(people).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Need an NDA?' })).toHaveAccessibleDescription('Please answer yes or no');
    // The form keeps what was typed, and a message goes once its answer changes.
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    await userEvent.type(people, '5');
    expect(people).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please give a number from 1 to 500')).toBeNull();
    expect(screen.getByText('Please answer yes or no')).toBeInTheDocument();
  });
});

describe('a form without custom questions', () => {
  it('renders, validates and sends the quote exactly as the SPEC says', async () => {
    const calls = recordFetch();
    const { container } = render(withData({}, <QuoteForm />));
    expect(container.querySelectorAll('input, select, textarea')).toHaveLength(5);
    await fillQuote();
    fireEvent.submit(screen.getByRole('form', { name: 'Request a quote' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/leads'))).toBe(true));
    expect(submitted(calls, '/api/leads')).toEqual({ name: 'Ada', email: 'ada@example.com', service: 'web', message: 'A new site' });
    expect(calls.map((call) => call.url)).toEqual(['/api/form-token', '/api/leads']);
  });

  it('sends the contact message without answers', async () => {
    const calls = recordFetch();
    render(withData({}, <ContactForm />));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'sales');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    fireEvent.submit(screen.getByRole('form', { name: 'Send us a message' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/contacts'))).toBe(true));
    expect(submitted(calls, '/api/contacts')).toEqual({ name: 'Ada', email: 'ada@example.com', department: 'sales', message: 'Hello' });
  });
});

describe('the custom questions of the contact form and of a job', () => {
  it('ask the contact form’s questions and send their answers', async () => {
    const calls = recordFetch();
    render(withData({ forms: { contact: [QUESTIONS[11]!] } }, <ContactForm />));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'I agree to be contacted' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'sales');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    fireEvent.submit(screen.getByRole('form', { name: 'Send us a message' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/api/contacts'))).toBe(true));
    expect(submitted(calls, '/api/contacts')).toMatchObject({ answers: { privacy: true } });
  });

  it("ask a job's questions in its application", async () => {
    render(
      withData(
        {},
        <ApplyForm
          job={{ _id: 'job-1', questions: [{ id: 'permit', label: 'Do you have a work permit?', type: 'checkbox', required: true }] }}
          onClose={() => undefined}
        />,
      ),
    );
    const permit = await screen.findByRole('group', { name: 'Do you have a work permit?' });
    expect(within(permit).getAllByRole('radio')).toHaveLength(2);
  });

  it('leave a job without questions as it was', async () => {
    const { container } = render(withData({}, <ApplyForm job={{ _id: 'job-1', questions: [] }} onClose={() => undefined} />));
    await act(() => Promise.resolve());
    expect(container.querySelectorAll('fieldset')).toHaveLength(0);
  });
});

// Last: a navigation cannot be undone in this module.
describe('after a navigation inside the site', () => {
  it("asks the API for the form's questions the first page's data does not hold", async () => {
    const calls = recordFetch();
    markNavigated();
    render(withData({}, <QuoteForm />));
    expect(await screen.findByLabelText('Budget')).toBeRequired();
    expect(calls.map((call) => call.url)).toEqual(['/api/forms/quote']);
  });
});
