/**
 * @jest-environment node
 */
// The custom questions in the server's render (docs/features/form-questions.md): a page with a form carries its
// questions in its HTML and its page data, so the form is complete at the first paint with no request.
import type { FormQuestion, Job } from '@brightwave/common';
import { renderDocument } from './entry-server';
import type { PageData } from './lib/page-data';

const TEMPLATE = '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

function pageData(html: string): PageData {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (json === undefined) throw new Error('The page has no page data');
  return JSON.parse(json) as PageData;
}

/** The HTML of the form named `label`. */
const formHtml = (html: string, label: string) => new RegExp(`<form[^>]*aria-label="${label}"[^>]*>(.*?)</form>`, 's').exec(html)?.[1] ?? '';

const budget: FormQuestion = { id: 'budget', label: 'Your budget', type: 'select', required: true, options: ['Small', 'Large'] };
const scale: FormQuestion = { id: 'scale', label: 'How large?', type: 'text', required: false, showIf: { question: 'budget', equals: 'Large' } };

describe('the forms’ custom questions in the server’s render', () => {
  it('renders the quote form’s questions on the home page, after the SPEC fields', async () => {
    const html = await renderDocument(TEMPLATE, '/', { forms: { quote: [budget, scale] } });
    const form = formHtml(html, 'Request a quote');
    expect(form).toContain('Your budget');
    expect(form.indexOf('Message')).toBeLessThan(form.indexOf('Your budget'));
    expect(form).toMatch(/<option value=""[^>]*>Select…<\/option>/);
    // A question whose condition does not hold yet is not there.
    expect(form).not.toContain('How large?');
    expect(pageData(html).forms).toEqual({ quote: [budget, scale] });
  });

  it('renders the contact form’s questions on the contact page', async () => {
    const html = await renderDocument(TEMPLATE, '/contact', { forms: { contact: [budget] } });
    expect(formHtml(html, 'Send us a message')).toContain('Your budget');
  });

  it('renders the forms as the SPEC says when they have no questions', async () => {
    for (const [path, label] of [
      ['/', 'Request a quote'],
      ['/contact', 'Send us a message'],
    ] as const) {
      const html = await renderDocument(TEMPLATE, path);
      expect(pageData(html).forms).toBeUndefined();
      expect(formHtml(html, label)).not.toContain('answers.');
    }
  });

  it('carries a job’s questions in its page’s data (the apply dialog asks them)', async () => {
    const job: Job = {
      _id: '6650f0c2a1b2c3d4e5f60718',
      id: '6650f0c2a1b2c3d4e5f60718',
      title: 'Frontend Engineer',
      department: 'engineering',
      location: 'onsite',
      type: 'full-time',
      experience: '3+ years',
      description: 'Build the site.',
      requirements: ['React'],
      status: 'active',
      closesAt: null,
      questions: [{ id: 'permit', label: 'Work permit?', type: 'checkbox', required: true }],
      createdAt: '2026-11-01T09:00:00.000Z',
    };
    const html = await renderDocument(TEMPLATE, '/careers/frontend-engineer-6650f0c2', { job });
    expect(pageData(html).job?.questions).toEqual(job.questions);
  });
});
