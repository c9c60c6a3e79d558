import { SITE_MESSAGES, RESUME_MAX_BYTES, type Job } from '@brightwave/common';
import { filterJobs, NO_JOB_FILTERS, readFileAsDataUrl, resumeProblem, sanitizePhoneInput } from './form-rules';

describe('resumeProblem', () => {
  it.each(['cv.pdf', 'cv.doc', 'cv.docx', 'CV.PDF'])('accepts %s under 5 MB', (name) => {
    expect(resumeProblem({ name, size: 1024 })).toBeUndefined();
  });

  it.each(['cv.txt', 'cv.png', 'cv.pdf.exe', 'cv'])('rejects %s as a wrong type', (name) => {
    expect(resumeProblem({ name, size: 1024 })).toBe(SITE_MESSAGES.resumeWrongType);
  });

  it('accepts a file one byte under 5 MB', () => {
    expect(resumeProblem({ name: 'cv.pdf', size: RESUME_MAX_BYTES - 1 })).toBeUndefined();
  });

  it("rejects a file of exactly 5 MB with 'File size should be less than 5MB'", () => {
    expect(resumeProblem({ name: 'cv.pdf', size: RESUME_MAX_BYTES })).toBe('File size should be less than 5MB');
  });

  it('rejects a file over 5 MB', () => {
    expect(resumeProblem({ name: 'cv.docx', size: RESUME_MAX_BYTES + 1 })).toBe(SITE_MESSAGES.resumeTooLarge);
  });
});

describe('readFileAsDataUrl', () => {
  it('reads a file as a base64 data URL', async () => {
    const file = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    await expect(readFileAsDataUrl(file)).resolves.toBe(`data:application/pdf;base64,${btoa('%PDF-1.4')}`);
  });

  it("fails with 'Error processing file' when the browser cannot read it", async () => {
    await expect(readFileAsDataUrl({} as Blob)).rejects.toThrow('Error processing file');
  });
});

describe('sanitizePhoneInput', () => {
  it('keeps only digits', () => {
    expect(sanitizePhoneInput('(555) 010-2030 ext')).toBe('5550102030');
  });

  it('keeps one leading plus', () => {
    expect(sanitizePhoneInput('+1 555 010')).toBe('+1555010');
  });

  it('drops a plus that is not leading and repeated pluses', () => {
    expect(sanitizePhoneInput('++1+2')).toBe('+12');
    expect(sanitizePhoneInput('12+3')).toBe('123');
  });

  it('leaves an empty value empty', () => {
    expect(sanitizePhoneInput('abc')).toBe('');
  });
});

describe('filterJobs', () => {
  const job = (department: Job['department'], location: Job['location'], type: Job['type']) => ({ department, location, type });
  const jobs = [job('engineering', 'remote', 'full-time'), job('design', 'onsite', 'part-time'), job('engineering', 'hybrid', 'contract')];

  it('shows every job without filters', () => {
    expect(filterJobs(jobs, NO_JOB_FILTERS)).toEqual(jobs);
  });

  it('filters by department equality', () => {
    expect(filterJobs(jobs, { ...NO_JOB_FILTERS, department: 'engineering' })).toEqual([jobs[0], jobs[2]]);
  });

  it('filters by location equality', () => {
    expect(filterJobs(jobs, { ...NO_JOB_FILTERS, location: 'onsite' })).toEqual([jobs[1]]);
  });

  it('filters by type equality', () => {
    expect(filterJobs(jobs, { ...NO_JOB_FILTERS, type: 'contract' })).toEqual([jobs[2]]);
  });

  it('combines the three filters', () => {
    expect(filterJobs(jobs, { department: 'engineering', location: 'remote', type: 'full-time' })).toEqual([jobs[0]]);
    expect(filterJobs(jobs, { department: 'design', location: 'remote', type: '' })).toEqual([]);
  });
});
