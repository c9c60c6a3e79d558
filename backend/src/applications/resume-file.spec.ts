import { MESSAGES, RESUME_MAX_BYTES } from '@brightwave/common';
import { dataUrl, sampleDoc, sampleDocx, samplePdf } from '../../test/fixtures/resume-samples';
import { buildZip } from '../../test/fixtures/zip';
import { attachmentDisposition } from '../common/download-answer';
import { detectResumeType, parseResumeDataUrl, resumeFileName } from './resume-file';

describe('parseResumeDataUrl', () => {
  it.each([
    ['PDF', samplePdf(), 'pdf', 'application/pdf'],
    ['DOC', sampleDoc(), 'doc', 'application/msword'],
    ['DOCX', sampleDocx(), 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('accepts a %s and decides its type from the bytes, whatever the declared type', (_name, bytes, extension, mimeType) => {
    const parsed = parseResumeDataUrl(dataUrl(bytes, 'text/plain'));
    expect(parsed).toEqual({ ok: true, bytes, type: { extension, mimeType } });
  });

  it('accepts a data URL without a declared type, as browsers send for unknown files', () => {
    expect(parseResumeDataUrl(`data:;base64,${samplePdf().toString('base64')}`).ok).toBe(true);
  });

  it('refuses bytes that are none of PDF, DOC, DOCX even under a data:application/pdf prefix', () => {
    const parsed = parseResumeDataUrl(dataUrl(Buffer.from('<html><script>alert(1)</script></html>')));
    expect(parsed).toEqual({ ok: false, message: MESSAGES.resumeWrongType });
  });

  it('refuses a zip that holds no word/ entry (e.g. a spreadsheet or any archive)', () => {
    const xlsx = buildZip([{ name: 'xl/workbook.xml', data: '<workbook/>' }]);
    expect(parseResumeDataUrl(dataUrl(xlsx)).ok).toBe(false);
  });

  it('finds the central directory behind a zip comment', () => {
    const docx = buildZip([{ name: 'word/document.xml', data: '<w:document/>' }], { comment: 'x'.repeat(1000) });
    expect(detectResumeType(docx)?.extension).toBe('docx');
  });

  it('refuses a zip whose directory is cut off', () => {
    const docx = sampleDocx();
    expect(detectResumeType(docx.subarray(0, docx.length - 30))).toBeUndefined();
  });

  it('refuses a decoded file of exactly 5 MB (it must be under 5 MB)', () => {
    const bytes = Buffer.alloc(RESUME_MAX_BYTES, 0x20);
    samplePdf().copy(bytes);
    expect(parseResumeDataUrl(dataUrl(bytes))).toEqual({ ok: false, message: MESSAGES.resumeTooLarge });
  });

  it('accepts a file one byte under 5 MB', () => {
    const bytes = Buffer.alloc(RESUME_MAX_BYTES - 1, 0x20);
    samplePdf().copy(bytes);
    expect(parseResumeDataUrl(dataUrl(bytes)).ok).toBe(true);
  });

  it.each([
    ['plain base64 without the data: header', samplePdf().toString('base64')],
    ['a data URL that is not base64', `data:application/pdf,${encodeURIComponent('%PDF-1.4')}`],
    ['base64 with characters outside the alphabet', `data:application/pdf;base64,JVBERi0x*jQK`],
    ['base64 of a wrong length', `data:application/pdf;base64,JVBERi0xLjQ`],
    ['base64 with whitespace', `data:application/pdf;base64,JVBE Ri0xLjQK`],
    ['an empty file', 'data:application/pdf;base64,'],
  ])('refuses %s', (_case, value) => {
    expect(parseResumeDataUrl(value)).toEqual({ ok: false, message: MESSAGES.resumeInvalid });
  });
});

describe('the Content-Disposition of a resume download (resumeFileName, attachmentDisposition)', () => {
  const resumeContentDisposition = (fullName: string, extension: string) => attachmentDisposition(resumeFileName(fullName, extension));

  it('names the file <fullName>_resume.<ext> as an attachment', () => {
    expect(resumeContentDisposition('Jane Doe', 'pdf')).toBe(`attachment; filename="Jane Doe_resume.pdf"; filename*=UTF-8''Jane%20Doe_resume.pdf`);
  });

  it('gives an ASCII fallback and the exact UTF-8 name for non-ASCII names', () => {
    expect(resumeContentDisposition('Zoë Ñúñez 李', 'docx')).toBe(
      `attachment; filename="Zoe Nunez __resume.docx"; filename*=UTF-8''Zo%C3%AB%20%C3%91%C3%BA%C3%B1ez%20%E6%9D%8E_resume.docx`,
    );
  });

  it('cannot break out of the header or the folder: quotes, slashes and line breaks are replaced', () => {
    const header = resumeContentDisposition('a"b\\c/d\r\nSet-Cookie: x', 'pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename="a_b_c_d__Set-Cookie: x_resume.pdf"`);
    expect(header).toContain(`filename*=UTF-8''a%22b_c_d__Set-Cookie%3A%20x_resume.pdf`);
  });
});
