import { ATTRIBUTION_HEADER, COLLECT_PATH, FORM_TOKEN_HEADER, FORM_TRAP_HEADER, required, SITE_MESSAGES } from '@brightwave/common';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { reportView, startReporting } from './analytics';
import { captureAttribution } from './attribution';
import { useFormSubmit } from './use-form-submit';
import { beaconEvent, recordBeacons } from '../test/beacons';

const token = 'lq2x7k0.AbCdEfGhIjKl.AbCdEfGhIjKlMnOpQrStUv';
const lead = { name: 'Ada', email: 'ada@example.com', service: 'web', message: 'A website' } as const;

/** A form as the site's forms use the hook: the honeypot inside, a failure shown in an alert. */
function LeadForm({ onSuccess = () => undefined }: { onSuccess?: () => void }) {
  const [failure, setFailure] = useState('');
  const { sending, send, onFocus, trap } = useFormSubmit('POST /api/leads', {
    form: 'quote',
    failureFallback: SITE_MESSAGES.quoteFailure,
    onSuccess,
    onFailure: setFailure,
  });
  return (
    <form
      aria-label="Lead"
      onFocus={onFocus}
      onSubmit={(event) => {
        event.preventDefault();
        void send(lead);
      }}
    >
      {trap}
      <input aria-label="Name" />
      <button type="submit">{sending ? 'Sending...' : 'Send'}</button>
      {failure && <p role="alert">{failure}</p>}
    </form>
  );
}

interface Answer {
  status: number;
  body: object;
}

describe(useFormSubmit.name, () => {
  const browserFetch = globalThis.fetch;
  let sent: { url: string; headers: Record<string, string> }[];
  let leadAnswer: Promise<Answer>;

  beforeEach(() => {
    sent = [];
    leadAnswer = Promise.resolve({ status: 201, body: { success: true, message: 'Thanks' } });
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), headers: (init?.headers ?? {}) as Record<string, string> });
      const { status, body } = String(url).endsWith('/api/form-token') ? { status: 200, body: { success: true, token } } : await leadAnswer;
      // What apiRequest reads of a Response (jsdom has no Response).
      return { status, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = browserFetch;
  });

  const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Lead' }));
  const leadRequests = () => sent.filter((request) => request.url.endsWith('/api/leads'));

  it('is sending from the send until the answer is handled', async () => {
    let answer!: (value: Answer) => void;
    leadAnswer = new Promise((resolve) => (answer = resolve));
    render(<LeadForm />);
    submit();
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeInTheDocument();
    await act(async () => answer({ status: 201, body: { success: true } }));
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('sends the form token fetched on the first focus, and no honeypot header while the honeypot is empty', async () => {
    render(<LeadForm />);
    fireEvent.focus(screen.getByLabelText('Name'));
    expect(sent.map((request) => request.url)).toEqual(['/api/form-token']);
    submit();
    await waitFor(() => expect(leadRequests()).toHaveLength(1));
    const { headers } = required(leadRequests()[0], 'the lead request');
    expect(headers[FORM_TOKEN_HEADER]).toBe(token);
    expect(headers).not.toHaveProperty(FORM_TRAP_HEADER);
  });

  it('flags the send when the honeypot is filled', async () => {
    render(<LeadForm />);
    fireEvent.change(document.querySelector('input[name="website_url"]')!, { target: { value: 'https://spam.example' } });
    submit();
    await waitFor(() => expect(leadRequests()).toHaveLength(1));
    expect(required(leadRequests()[0], 'the lead request').headers[FORM_TRAP_HEADER]).toBe('1');
  });

  it('hands the answer to onSuccess, and the next send asks for a new token', async () => {
    const onSuccess = jest.fn();
    render(<LeadForm onSuccess={onSuccess} />);
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ success: true, message: 'Thanks' }));
    submit();
    await waitFor(() => expect(leadRequests()).toHaveLength(2));
    expect(sent.filter((request) => request.url.endsWith('/api/form-token'))).toHaveLength(2);
  });

  it("gives onFailure the server's message", async () => {
    leadAnswer = Promise.resolve({ status: 500, body: { success: false, message: 'The quote service is down' } });
    render(<LeadForm />);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('The quote service is down');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it("sends the visit's attribution, as read when the visit landed, in X-Attribution", async () => {
    captureAttribution(
      { hostname: 'localhost', pathname: '/', search: '?utm_source=newsletter&utm_medium=email&utm_campaign=spring' },
      'https://mail.example.com/',
    );
    // A navigation inside the site changes the address, not the visit's landing.
    window.history.pushState(null, '', '/contact');
    render(<LeadForm />);
    submit();
    await waitFor(() => expect(leadRequests()).toHaveLength(1));
    const { headers } = required(leadRequests()[0], 'the lead request');
    expect(JSON.parse(required(headers[ATTRIBUTION_HEADER], 'the attribution header'))).toEqual({
      landing: '/',
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      referrer: 'mail.example.com',
    });
  });

  it("reports the form's start on its first focus, and its submission only once the server took it", async () => {
    const beacons = recordBeacons();
    startReporting();
    window.history.replaceState(null, '', '/');
    reportView('/');
    render(<LeadForm />);
    fireEvent.focus(screen.getByLabelText('Name'));
    fireEvent.focus(screen.getByLabelText('Name'));
    leadAnswer = Promise.resolve({ status: 500, body: { success: false } });
    submit();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    leadAnswer = Promise.resolve({ status: 201, body: { success: true } });
    submit();
    await waitFor(() => expect(leadRequests()).toHaveLength(2));
    await waitFor(() => expect(beacons).toHaveLength(3));
    expect(beacons.map((beacon) => beacon.url)).toEqual([COLLECT_PATH, COLLECT_PATH, COLLECT_PATH]);
    expect((await Promise.all(beacons.map(beaconEvent))).slice(1)).toEqual([
      { type: 'start', form: 'quote', path: '/' },
      { type: 'submit', form: 'quote', path: '/' },
    ]);
  });

  it.each([
    ['no message', {}],
    ['a blank message', { success: false, message: '  ' }],
  ])("gives onFailure SPEC §8's fallback when the server sends %s", async (_case, body) => {
    leadAnswer = Promise.resolve({ status: 502, body });
    render(<LeadForm />);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(SITE_MESSAGES.quoteFailure);
  });
});
