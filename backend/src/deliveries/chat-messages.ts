import { ITEM_KINDS, type ChatKind, type WorkItemKind } from '@brightwave/common';
import type { ItemChatFacts } from '../items/item-kind';
import { ITEMS, type ItemSubject } from '../items/item-kinds';
import { oneLine } from '../mail/mail-layout';
import type { DeliverySubject } from './delivery-mails';

/**
 * What a chat post says: what arrived, from whom, and a link to the item's page. Never the visitor's address, phone
 * or message: a chat channel keeps its history where a privacy erase cannot reach it.
 */
interface ChatNotice {
  headline: string;
  facts: Array<[title: string, value: string]>;
  link: { label: string; href: string };
}

/** The notice of `subject`, with every text that is not ours (the name, a label or job title) passed through `escape`. */
function chatNotice(subject: DeliverySubject, publicUrl: string, escape: (text: string) => string): ChatNotice {
  const item = ITEM_KINDS[subject.kind].label.toLowerCase();
  const link = { label: `Open the ${item}`, href: `${publicUrl}/admin/${ITEM_KINDS[subject.kind].adminPath}/${subject.id}` };
  const { name, aboutTitle, about } = chatFactsOf(subject.kind, subject);
  const [shownName, shownAbout] = [escape(oneLine(name)), escape(oneLine(about))];
  return {
    headline: `New ${item} from ${shownName} (${shownAbout})`,
    facts: [
      ['Name', shownName],
      [aboutTitle, shownAbout],
    ],
    link,
  };
}

function chatFactsOf<Kind extends WorkItemKind>(kind: Kind, subject: ItemSubject<Kind>): ItemChatFacts & { name: string } {
  return { ...ITEMS[kind].chat(subject), name: ITEMS[kind].sender(subject) };
}

/** Slack's three control characters (`<!channel>` would ping everyone, `<url|text>` would make a link). */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The markdown of Teams' Adaptive Cards (bold, italic, lists, links): a backslash before each character that
 * formats, so a name like `[Click](https://…)` shows as typed instead of becoming a link.
 */
function teamsEscape(text: string): string {
  return text.replace(/[\\*_[\]]/g, '\\$&').replace(/^([-+]|\d+\.)(\s)/, '\\$1$2');
}

/** A Slack incoming webhook's body: `text` (the notification's words) and one section block in mrkdwn. */
function slackMessage(notice: ChatNotice) {
  const { headline, facts, link } = notice;
  return {
    text: headline,
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${headline}*\n<${slackEscape(link.href)}|${link.label}>` },
        fields: facts.map(([title, value]) => ({ type: 'mrkdwn', text: `*${title}*\n${value}` })),
      },
    ],
  };
}

/** A Teams workflow webhook's body: a message with one Adaptive Card (1.4, the version Teams renders). */
function teamsMessage(notice: ChatNotice) {
  const { headline, facts, link } = notice;
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: headline, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'FactSet', facts: facts.map(([title, value]) => ({ title, value })) },
          ],
          actions: [{ type: 'Action.OpenUrl', title: link.label, url: link.href }],
        },
      },
    ],
  };
}

/** The body of a post about `subject` to a channel of `kind`, formatted as that service expects. */
export function chatMessage(kind: ChatKind, subject: DeliverySubject, publicUrl: string): object {
  return kind === 'slack' ? slackMessage(chatNotice(subject, publicUrl, slackEscape)) : teamsMessage(chatNotice(subject, publicUrl, teamsEscape));
}
