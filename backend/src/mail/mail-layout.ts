import type { MailMessage } from './mail.service';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** Markup whose every value was escaped when it was built (`html`): only it reaches the HTML part as it is. */
export class SafeHtml {
  constructor(readonly markup: string) {}
}

/** Markup from a template: each value is escaped, except markup built the same way. */
export function html(strings: TemplateStringsArray, ...values: Array<string | number | SafeHtml>): SafeHtml {
  const valueHtml = (value: string | number | SafeHtml = '') => (value instanceof SafeHtml ? value.markup : escapeHtml(String(value)));
  return new SafeHtml(strings.reduce((markup, string, index) => markup + valueHtml(values[index - 1]) + string));
}

/** One piece of a paragraph: plain text, or text the HTML part marks up (`strong`, `code`). */
type MailInline = string | { text: string; html: SafeHtml };

/** One block of a mail's body, said in both parts; blocks are separated by a blank line in the text part. */
export interface MailBlock {
  text: string;
  html: SafeHtml;
}

const inlineHtml = (piece: MailInline) => (typeof piece === 'string' ? html`${piece}` : piece.html);

/** A paragraph: its text as written (line breaks included), one `<p>` in HTML. */
export function paragraph(...pieces: MailInline[]): MailBlock {
  return {
    text: pieces.map((piece) => (typeof piece === 'string' ? piece : piece.text)).join(''),
    html: new SafeHtml(`<p>${pieces.map((piece) => inlineHtml(piece).markup).join('')}</p>`),
  };
}

/** Text set in bold in the HTML part (`style`: e.g. a code's size). */
export function strong(text: string, style: string): MailInline {
  return { text, html: html`<strong style="${style}">${text}</strong>` };
}

/** A command, in code type in the HTML part. */
export function code(text: string): MailInline {
  return { text, html: html`<code>${text}</code>` };
}

/** Label and value rows: `Label: value` lines, a table in HTML (values keep their line breaks). */
export function fieldRows(rows: Array<[string, string]>): MailBlock {
  const cell = 'padding: 4px; vertical-align: top;';
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: new SafeHtml(
      [
        '<table style="border-collapse: collapse;"><tbody>',
        ...rows.map(
          ([label, value]) =>
            html`<tr><th scope="row" style="${cell} text-align: left;">${label}</th><td style="${cell} white-space: pre-wrap;">${value}</td></tr>`.markup,
        ),
        '</tbody></table>',
      ].join('\n'),
    ),
  };
}

/** A link: `label: address` in the text part, the label as the link in HTML. */
export function linkLine(label: string, href: string): MailBlock {
  return { text: `${label}: ${href}`, html: html`<p><a href="${href}">${label}</a></p>` };
}

/** A block worded apart for each part, e.g. a link whose address the text part shows and HTML puts behind a label. */
export function eachPart(text: string, markup: SafeHtml): MailBlock {
  return { text, html: markup };
}

/** A visitor's text inside a header (the subject): one line, whatever they typed. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

// A title longer than this is cut (the limit of html-validate, which counts the escaped markup).
const TITLE_MAX_LENGTH = 70;

/** The subject as the HTML part's title, cut at a whole character when its markup would be too long. */
function titleHtml(subject: string): SafeHtml {
  if (escapeHtml(subject).length <= TITLE_MAX_LENGTH) return html`${subject}`;
  let title = '';
  for (const character of subject) {
    if (escapeHtml(`${title}${character}…`).length > TITLE_MAX_LENGTH) break;
    title += character;
  }
  return html`${title}…`;
}

/**
 * The one layout of every mail: the text part (blocks separated by blank lines) and the HTML part saying the same
 * as a valid document (language, character set, the subject as its title), every value escaped. Styles are inline:
 * many mail clients drop a `<style>` element.
 */
export function renderMail(subject: string, blocks: MailBlock[]): Pick<MailMessage, 'subject' | 'text' | 'html'> {
  const line = oneLine(subject);
  const markup = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    html`<head><meta charset="utf-8"><title>${titleHtml(line)}</title></head>`.markup,
    '<body style="font-family: Arial, sans-serif; color: #111827;">',
    ...blocks.map((block) => block.html.markup),
    '</body>',
    '</html>',
  ];
  return { subject: line, text: blocks.map((block) => block.text).join('\n\n'), html: markup.join('\n') };
}
