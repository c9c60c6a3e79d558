import { ADMIN_ROLE_DESCRIPTIONS, ADMIN_ROLE_LABELS, type AdminRole } from '@brightwave/common';
import { escapeHtml } from './login-code.mail';
import type { MailMessage } from './mail.service';

/** The invitation of a new admin: who invited them, their role, and the one-time link (valid `hours`). */
export function adminInviteMail(
  to: { email: string; name: string; role: AdminRole },
  invitedBy: string,
  link: string,
  hours: number,
): MailMessage {
  const role = `${ADMIN_ROLE_LABELS[to.role]} (${ADMIN_ROLE_DESCRIPTIONS[to.role].toLowerCase()})`;
  const text = [
    `Hello ${to.name},`,
    '',
    `${invitedBy} invited you to the Brightwave admin as ${role}.`,
    `Set your password here (the link works once, for ${hours} hours):`,
    link,
    '',
    'Then sign in with your e-mail, the password and a code we send you by e-mail.',
    'If you did not expect this invitation, ignore this mail.',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; color: #111827;">',
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>${escapeHtml(invitedBy)} invited you to the Brightwave admin as ${escapeHtml(role)}.</p>`,
    `<p><a href="${escapeHtml(link)}">Set your password</a> (the link works once, for ${hours} hours).</p>`,
    '<p>Then sign in with your e-mail, the password and a code we send you by e-mail.</p>',
    '<p>If you did not expect this invitation, ignore this mail.</p>',
    '</body></html>',
  ].join('\n');
  return { topic: 'admin invitation', to: to.email, subject: 'You are invited to the Brightwave admin', text, html };
}
