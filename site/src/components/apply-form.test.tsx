import { RESUME_MAX_BYTES } from '@brightwave/common';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApplyForm } from './apply-form';

function fileOfSize(name: string, size: number, type = 'application/pdf'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe(ApplyForm.name, () => {
  beforeEach(() => render(<ApplyForm job={{ _id: 'job-1' }} onSubmitted={() => undefined} />));

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
