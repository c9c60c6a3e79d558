import { SSO_MESSAGES } from '@brightwave/common';

/** Why single sign-on did not sign the person in: the sentence the refusal page shows, and its status. */
export class SsoRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'SsoRefusal';
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** The refusal page: plain HTML, everything escaped, no script; the reason in one sentence and the way back. */
export function refusalPage(reason: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(SSO_MESSAGES.pageTitle)}</title></head>`,
    '<body>',
    '<main>',
    `<h1>${escapeHtml(SSO_MESSAGES.pageTitle)}</h1>`,
    `<p>${escapeHtml(reason)}</p>`,
    `<p><a href="/admin/login">${escapeHtml(SSO_MESSAGES.backToSignIn)}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
