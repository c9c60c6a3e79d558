import { FORM_TOKEN_HEADER, FORM_TOKEN_VALID_SECONDS, FORM_TRAP_HEADER, SPAM_MIN_FILL_SECONDS } from '@brightwave/common';
import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';

/** What the headers of the public forms mean (FormTokens reads them); a client of the API sends neither. */
const FORM_HEADERS = {
  [FORM_TOKEN_HEADER]:
    `The token of GET /api/form-token, which the site sends. Without it the submission is taken and the staff notified, ` +
    `but the visitor gets no confirmation mail; so too with a token older than ${FORM_TOKEN_VALID_SECONDS / 3600} hours. ` +
    `A token that is not ours, one sent within ${SPAM_MIN_FILL_SECONDS} seconds of its issue, or one used before files ` +
    'the submission as suspected spam.',
  [FORM_TRAP_HEADER]: "Sent by the site when the form's hidden honeypot field holds anything: any value files the submission as suspected spam.",
} as const;

/** Documents the form headers a public form's route reads, each optional. */
export const ApiFormHeaders = (...names: (keyof typeof FORM_HEADERS)[]) =>
  applyDecorators(...names.map((name) => ApiHeader({ name, required: false, description: FORM_HEADERS[name] })));
