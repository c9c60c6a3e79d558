import { checkAnswers, MESSAGES, type FormQuestion, type StoredAnswer } from '@brightwave/common';
import { DomainError } from '../common/domain-error';
import { isDeliverableAddress } from '../common/email-address';
import { isWebLink } from '../common/web-link';

/**
 * A submission's answers to its form's questions as they are stored (docs/features/form-questions.md), checked with
 * the backend's own address checks, which are stricter than a browser's. Any refusal is a 400 with a message per
 * question at `answers.<id>`, thrown before anything is written. A form with no questions takes no answers (absent or
 * `{}`) and stores none.
 */
export function submittedAnswers(questions: FormQuestion[], raw: unknown): StoredAnswer[] {
  const { answers, errors } = checkAnswers(questions, raw, { isEmail: isDeliverableAddress, isWebLink: (value) => isWebLink(value) });
  if (Object.keys(errors).length > 0) throw DomainError.invalid(MESSAGES.validationFailed, errors);
  return answers;
}
