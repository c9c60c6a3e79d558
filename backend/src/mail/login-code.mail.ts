import { LOGIN_CODE_LINE, OTP_TTL_SECONDS } from '@brightwave/common';
import type { MailMessage } from './mail.service';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/** The e-mail carrying a sign-in code: a text part and an HTML part, both saying when the code expires. */
export function loginCodeMail(to: { email: string; name: string }, code: string): MailMessage {
  const minutes = Math.round(OTP_TTL_SECONDS / 60);
  const text = [
    `Hello ${to.name},`,
    '',
    `${LOGIN_CODE_LINE} ${code}`,
    '',
    `It expires in ${minutes} minutes and works once.`,
    'Enter it on the verification page to finish signing in to the Brightwave admin.',
    '',
    'If you did not try to sign in, someone knows your password:',
    'change it now (npm run admin -- reset-password).',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; color: #111827;">',
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>${LOGIN_CODE_LINE} <strong style="font-size: 24px; letter-spacing: 4px;">${code}</strong></p>`,
    `<p>It expires in ${minutes} minutes and works once.`,
    'Enter it on the verification page to finish signing in to the Brightwave admin.</p>',
    '<p>If you did not try to sign in, someone knows your password: change it now',
    '(<code>npm run admin -- reset-password</code>).</p>',
    '</body></html>',
  ].join('\n');
  return { topic: 'sign-in code', to: to.email, subject: 'Your Brightwave admin verification code', text, html };
}
