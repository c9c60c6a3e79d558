import { ADMIN_ROLE_DESCRIPTIONS, ADMIN_ROLE_LABELS, type AdminRole } from '@brightwave/common';
import { eachPart, html, paragraph, renderMail } from './mail-layout';
import type { MailMessage } from './mail.service';

/** The invitation of a new admin: who invited them, their role, and the one-time link (valid `hours`). */
export function adminInviteMail(to: { email: string; name: string; role: AdminRole }, invitedBy: string, link: string, hours: number): MailMessage {
  const role = `${ADMIN_ROLE_LABELS[to.role]} (${ADMIN_ROLE_DESCRIPTIONS[to.role].toLowerCase()})`;
  const invited = `${invitedBy} invited you to the Brightwave admin as ${role}.`;
  const signIn = 'Then sign in with your e-mail, the password and a code we send you by e-mail.';
  const unexpected = 'If you did not expect this invitation, ignore this mail.';
  const mail = renderMail('You are invited to the Brightwave admin', [
    paragraph(`Hello ${to.name},`),
    // The text part shows the link's address; the HTML part puts it behind "Set your password".
    eachPart(
      `${invited}\nSet your password here (the link works once, for ${hours} hours):\n${link}`,
      html`<p>${invited}</p>\n<p><a href="${link}">Set your password</a> (the link works once, for ${hours} hours).</p>`,
    ),
    eachPart(`${signIn}\n${unexpected}`, html`<p>${signIn}</p>\n<p>${unexpected}</p>`),
  ]);
  return { topic: 'admin invitation', to: to.email, ...mail };
}
