import { errorMessage } from './api-error';
import { dateTimeInputValue, excerpt, formatDate, isoOfDateTimeInput, titleCased } from './format';
import { filenameFromDisposition, resumeFilename } from './resume-download';

describe('resume file name', () => {
  it('reads the quoted filename of a Content-Disposition header', () => {
    expect(filenameFromDisposition('attachment; filename="Jane Doe_resume.pdf"')).toBe('Jane Doe_resume.pdf');
  });

  it('prefers filename* (UTF-8) when both are given', () => {
    expect(filenameFromDisposition(`attachment; filename="Zoe_resume.pdf"; filename*=UTF-8''Zo%C3%AB_resume.pdf`)).toBe('Zoë_resume.pdf');
  });

  it('reads an unquoted filename and gives null without a header', () => {
    expect(filenameFromDisposition('attachment; filename=cv_resume.docx')).toBe('cv_resume.docx');
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('falls back to <fullName>_resume.<ext>, .pdf for PDFs', () => {
    expect(resumeFilename('Jane Doe', 'application/pdf')).toBe('Jane Doe_resume.pdf');
    expect(resumeFilename('Jane Doe', 'application/msword')).toBe('Jane Doe_resume.doc');
    expect(resumeFilename('Jane Doe', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('Jane Doe_resume.docx');
  });
});

describe('formatting', () => {
  it("shows dates as 'MMM dd, yyyy'", () => {
    expect(formatDate('2026-01-05T12:00:00.000Z')).toBe('Jan 05, 2026');
  });

  it("shows a time in a datetime-local input in the admin's time zone, and reads it back as the same time", () => {
    const iso = '2026-03-02T04:05:00.000Z';
    const value = dateTimeInputValue(iso);
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(isoOfDateTimeInput(value)).toBe(iso);
    expect(dateTimeInputValue(null)).toBe('');
  });

  it('reads an empty or partly typed datetime-local value as no time', () => {
    expect(isoOfDateTimeInput('')).toBeNull();
    expect(isoOfDateTimeInput('2026-03-02')).toBeNull();
    expect(isoOfDateTimeInput('2026-13-45T99:99')).toBeNull();
  });

  it("titles a dialog with each word of its noun capitalised, as the SPEC's 'Update Job Status'", () => {
    expect(titleCased('contact message')).toBe('Contact Message');
    expect(titleCased('lead')).toBe('Lead');
  });

  it('shortens long messages to an excerpt', () => {
    expect(excerpt('short')).toBe('short');
    expect(excerpt('a'.repeat(100), 10)).toBe(`${'a'.repeat(10)}…`);
  });

  it('uses the server message when there is one, else the fallback', () => {
    expect(errorMessage({ status: 400, data: { success: false, message: 'Bad title' } }, 'Operation failed')).toBe('Bad title');
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'offline' }, 'Operation failed')).toBe('Operation failed');
    expect(errorMessage(undefined, 'Login failed')).toBe('Login failed');
  });
});
