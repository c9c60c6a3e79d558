import { MESSAGES, QUESTION_MESSAGES, type FormQuestion } from '@brightwave/common';
import { DomainError } from '../common/domain-error';
import { submittedAnswers } from './submitted-answers';

// The backend's checks of an answer beyond the shared rules (src/forms/form-questions.spec.ts): its own stricter
// address checks, and the refusal's shape.

const EMAIL: FormQuestion = { id: 'billing', label: 'Billing e-mail', type: 'email', required: true };
const SITE: FormQuestion = { id: 'site', label: 'Website', type: 'url', required: false };

function refusal(questions: FormQuestion[], raw: unknown): DomainError {
  try {
    submittedAnswers(questions, raw);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the answers were taken');
}

describe(submittedAnswers.name, () => {
  it("refuses an address the site's browser check lets through, as the SPEC's e-mail fields do", () => {
    // A quoted local part and an address literal: valid to a browser, no plain mailbox to the backend.
    for (const address of ['"a b"@example.com', 'ann@[127.0.0.1]', 'ann@localhost']) {
      expect(refusal([EMAIL], { billing: address }).details.errors).toEqual({ 'answers.billing': QUESTION_MESSAGES.answerEmail });
    }
    expect(submittedAnswers([EMAIL], { billing: ' Ann@Example.com ' })).toEqual([
      { id: 'billing', label: 'Billing e-mail', type: 'email', value: 'ann@example.com', text: 'ann@example.com' },
    ]);
  });

  it('takes only http(s) web addresses', () => {
    for (const link of ['javascript:alert(1)', 'ftp://example.com/file', 'example.com', 'data:text/html,hi']) {
      expect(refusal([SITE], { site: link }).details.errors).toEqual({ 'answers.site': QUESTION_MESSAGES.answerUrl });
    }
    expect(submittedAnswers([SITE], { site: 'https://acme.example/about' })[0]?.value).toBe('https://acme.example/about');
  });

  it('refuses as a 400 of the validation message, every question at answers.<id>', () => {
    const error = refusal([EMAIL, SITE], { billing: 'nope', site: 'nope', extra: 1 });
    expect(error.code).toBe('invalid');
    expect(error.message).toBe(MESSAGES.validationFailed);
    expect(error.details.errors).toEqual({
      'answers.extra': QUESTION_MESSAGES.answerUnknown,
      'answers.billing': QUESTION_MESSAGES.answerEmail,
      'answers.site': QUESTION_MESSAGES.answerUrl,
    });
  });

  it('stores nothing for a form without questions, given no answers or {}', () => {
    expect(submittedAnswers([], undefined)).toEqual([]);
    expect(submittedAnswers([], {})).toEqual([]);
  });
});
