import { DEFAULT_CONTENT, FORM_TOKEN_HEADER, required, RESUME_MAX_BYTES } from '@brightwave/common';
import { act, fireEvent, render as renderTree, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { PageDataContext } from '../lib/page-data';
import { ApplyForm } from './apply-form';

/** Renders inside the page's content, as the careers and job pages do (the company's e-mail address). */
const render = (tree: ReactElement) => renderTree(<PageDataContext value={{ content: { site: DEFAULT_CONTENT.site } }}>{tree}</PageDataContext>);

function fileOfSize(name: string, size: number, type = 'application/pdf'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe(ApplyForm.name, () => {
  beforeEach(() => render(<ApplyForm job={{ _id: 'job-1' }} onClose={() => undefined} />));

  it('requires full name, email, phone, years of experience and resume', () => {
    for (const label of ['Full Name', 'Email', 'Phone', 'Years of Experience', 'Resume']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it('keeps the cover letter and portfolio URL optional, the portfolio as a URL', () => {
    expect(screen.getByLabelText('Cover Letter (optional)')).not.toBeRequired();
    const portfolio = screen.getByLabelText('Portfolio URL (optional)');
    expect(portfolio).not.toBeRequired();
    expect(portfolio).toHaveAttribute('type', 'url');
  });

  it('accepts .pdf, .doc and .docx resumes', () => {
    expect(screen.getByLabelText('Resume')).toHaveAttribute('accept', '.pdf,.doc,.docx');
  });

  it("refuses a resume of 5 MB or more with 'File size should be less than 5MB'", async () => {
    const input = screen.getByLabelText<HTMLInputElement>('Resume');
    await userEvent.upload(input, fileOfSize('cv.pdf', RESUME_MAX_BYTES));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size should be less than 5MB');
    expect(input.files).toHaveLength(0);
  });

  it('refuses a resume of another type', async () => {
    const input = screen.getByLabelText<HTMLInputElement>('Resume');
    await userEvent.upload(input, fileOfSize('cv.txt', 100, 'text/plain'), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a PDF, DOC or DOCX file');
  });

  it('accepts a small PDF without an error', async () => {
    const input = screen.getByLabelText<HTMLInputElement>('Resume');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    expect(input.files).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers 'Submit Application' while idle", () => {
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
  });
});

/** The browser's XMLHttpRequest as the upload sees it: records what is sent and answers 201. */
class RecordingXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: string }[] = [];
  private request = { method: '', url: '', headers: {} as Record<string, string>, body: '' };
  upload: { onprogress?: (event: ProgressEvent) => void } = {};
  withCredentials = false;
  status = 0;
  responseText = '';
  onload?: () => void;
  onerror?: () => void;
  open(method: string, url: string) {
    this.request = { ...this.request, method, url };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name.toLowerCase()] = value;
  }
  send(body: string) {
    RecordingXhr.sent.push({ ...this.request, body });
    this.status = 201;
    this.responseText = JSON.stringify({ success: true, message: 'Application submitted successfully!' });
    setTimeout(() => this.onload?.(), 0);
  }
}

describe('the apply form’s form token', () => {
  const token = 'lq2x7k0.AbCdEfGhIjKl.AbCdEfGhIjKlMnOpQrStUv';
  const browser = { fetch: globalThis.fetch, XMLHttpRequest: globalThis.XMLHttpRequest };
  let fetchCalls: string[];

  afterEach(() => Object.assign(globalThis, browser));
  beforeEach(() => {
    fetchCalls = [];
    RecordingXhr.sent = [];
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      fetchCalls.push(String(url));
      // What apiRequest reads of a Response (jsdom has no Response).
      return { status: 200, text: async () => JSON.stringify({ success: true, token }) };
    }) as unknown as typeof fetch;
    globalThis.XMLHttpRequest = RecordingXhr as unknown as typeof XMLHttpRequest;
  });

  it('is fetched when the person starts filling the form and sent with the application', async () => {
    render(<ApplyForm job={{ _id: 'job-1' }} onClose={() => undefined} />);
    expect(fetchCalls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Full Name'), 'Ada Byron');
    expect(fetchCalls).toEqual(['/api/form-token']);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Phone'), '+15550123');
    await userEvent.type(screen.getByLabelText('Years of Experience'), '5');
    await userEvent.upload(screen.getByLabelText('Resume'), new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    // The file is read into a data URL in the background; jsdom's validation does not see userEvent's file, so the
    // form is submitted directly once it is read.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.submit(screen.getByRole('form', { name: 'Job application' }));
    // The form gives way to its confirmation.
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeInTheDocument();
    expect(RecordingXhr.sent).toHaveLength(1);
    const application = required(RecordingXhr.sent[0], 'the sent application');
    expect(application).toMatchObject({ method: 'POST', url: '/api/jobs/apply' });
    expect(application.headers[FORM_TOKEN_HEADER]).toBe(token);
    expect(JSON.parse(application.body)).toMatchObject({ job: 'job-1', fullName: 'Ada Byron', email: 'ada@example.com', isResumeBase64: true });
    expect(fetchCalls).toHaveLength(1);
  });
});
