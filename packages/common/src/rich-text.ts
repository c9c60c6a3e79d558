// Prose of the site's content (the mission, the security policy, the privacy notice): a TipTap (ProseMirror) JSON
// document, stored as the admin's editor writes it (decision 052). Only what the editor's extension list can produce
// is accepted: paragraphs, level 2 and 3 headings, bullet and numbered lists, line breaks, bold, italic and links to
// http(s), mailto and tel addresses. Anything else is refused when the draft is saved, so it never reaches a page;
// the site renders the document as React elements (no HTML string), which escapes every text.

export interface RichMark {
  type: 'bold' | 'italic' | 'link';
  attrs?: { href?: string; target?: string | null; rel?: string | null; class?: string | null; title?: string | null };
}
export interface RichText {
  type: 'text';
  text: string;
  marks?: RichMark[];
}
export interface RichHardBreak {
  type: 'hardBreak';
}
export type RichInline = RichText | RichHardBreak;
export interface RichParagraph {
  type: 'paragraph';
  content?: RichInline[];
}
export interface RichHeading {
  type: 'heading';
  attrs: { level: 2 | 3 };
  content?: RichInline[];
}
export interface RichListItem {
  type: 'listItem';
  content: (RichParagraph | RichList)[];
}
export interface RichList {
  type: 'bulletList' | 'orderedList';
  attrs?: { start?: number; type?: string | null };
  content: RichListItem[];
}
export type RichBlock = RichParagraph | RichHeading | RichList;
export interface RichDocument {
  type: 'doc';
  content: RichBlock[];
}

/** Link addresses a page may carry; a path's second character is neither / nor \, which browsers read as another host's. */
const SAFE_LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d\s().-]+|\/[^\s/\\][^\s]*|\/)$/i;
const LINK_ATTRIBUTES = new Set(['href', 'target', 'rel', 'class', 'title']);
/** Deeper than any list a person writes; keeps a hostile document from exhausting the stack. */
const MAX_DEPTH = 12;
const MAX_NODES = 5000;

/** Whether a link address may reach a page: web, mail and phone addresses, and paths of the site. */
export function isSafeLink(href: string): boolean {
  return href.length <= 2000 && SAFE_LINK.test(href) && !href.startsWith('//');
}

/**
 * Checks a stored document: the reason it is refused (for the field's error), or null when it fits. `max` bounds its
 * text (what a reader reads), not its JSON.
 */
export function richTextProblem(value: unknown, max: number): string | null {
  if (!isObject(value) || value.type !== 'doc' || !Array.isArray(value.content) || !onlyKeys(value, ['type', 'content'])) {
    return 'must be a document of the editor';
  }
  const state = { nodes: 0, problem: null as string | null };
  const blocks = value.content as unknown[];
  if (blocks.length === 0) return 'is required';
  for (const block of blocks) checkBlock(block, 1, state);
  if (state.problem) return state.problem;
  // Every block has passed the checks above: it is one of the document's.
  const length = richPlainText({ type: 'doc', content: blocks as RichBlock[] }).length;
  if (length === 0) return 'is required';
  if (length > max) return `must be at most ${max} characters`;
  return null;
}

type CheckState = { nodes: number; problem: string | null };

function fail(state: CheckState, problem: string): void {
  state.problem ??= problem;
}

function checkBlock(node: unknown, depth: number, state: CheckState): void {
  if (state.problem) return;
  if (++state.nodes > MAX_NODES || depth > MAX_DEPTH) return fail(state, 'is too long or too deeply nested');
  if (!isObject(node)) return fail(state, 'holds something that is not a paragraph, heading or list');
  if (node.type === 'paragraph') {
    if (!onlyKeys(node, ['type', 'content', 'attrs']) || !emptyAttrs(node.attrs)) return fail(state, 'holds a paragraph the editor cannot make');
    return checkInlines(node.content, state);
  }
  if (node.type === 'heading') {
    const attrs = node.attrs;
    if (!onlyKeys(node, ['type', 'content', 'attrs']) || !isObject(attrs) || !onlyKeys(attrs, ['level']) || (attrs.level !== 2 && attrs.level !== 3)) {
      return fail(state, 'may hold headings of level 2 and 3 only');
    }
    return checkInlines(node.content, state);
  }
  if (node.type === 'bulletList' || node.type === 'orderedList') {
    if (!onlyKeys(node, ['type', 'content', 'attrs']) || !listAttrsFit(node.attrs) || !Array.isArray(node.content) || node.content.length === 0) {
      return fail(state, 'holds a list the editor cannot make');
    }
    for (const item of node.content as unknown[]) {
      if (!isObject(item) || item.type !== 'listItem' || !onlyKeys(item, ['type', 'content', 'attrs']) || !emptyAttrs(item.attrs)) {
        return fail(state, 'holds a list entry the editor cannot make');
      }
      if (!Array.isArray(item.content) || item.content.length === 0) return fail(state, 'holds an empty list entry');
      for (const child of item.content as unknown[]) {
        if (isObject(child) && child.type === 'heading') return fail(state, 'holds a heading inside a list');
        checkBlock(child, depth + 1, state);
      }
    }
    return;
  }
  fail(state, 'holds something that is not a paragraph, heading or list');
}

function checkInlines(content: unknown, state: CheckState): void {
  if (content === undefined) return;
  if (!Array.isArray(content)) return fail(state, 'holds a paragraph the editor cannot make');
  for (const node of content as unknown[]) {
    if (++state.nodes > MAX_NODES) return fail(state, 'is too long or too deeply nested');
    if (!isObject(node)) return fail(state, 'holds text the editor cannot make');
    // A line break carries the marks of the text around it (pasted bold text): they are checked as a text's are.
    const isBreak = node.type === 'hardBreak' && onlyKeys(node, ['type', 'marks', 'attrs']) && emptyAttrs(node.attrs);
    if (!isBreak && (node.type !== 'text' || !onlyKeys(node, ['type', 'text', 'marks']) || typeof node.text !== 'string' || node.text === '')) {
      return fail(state, 'holds text the editor cannot make');
    }
    // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
    if (!isBreak && /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(node.text as string)) {
      return fail(state, 'must not hold control characters');
    }
    if (node.marks === undefined) continue;
    if (!Array.isArray(node.marks)) return fail(state, 'holds formatting the editor cannot make');
    for (const mark of node.marks as unknown[]) {
      const problem = markProblem(mark);
      if (problem) return fail(state, problem);
    }
  }
}

function markProblem(mark: unknown): string | null {
  if (!isObject(mark)) return 'holds formatting the editor cannot make';
  if (mark.type === 'bold' || mark.type === 'italic') {
    return onlyKeys(mark, ['type', 'attrs']) && emptyAttrs(mark.attrs) ? null : 'holds formatting the editor cannot make';
  }
  if (mark.type !== 'link' || !onlyKeys(mark, ['type', 'attrs']) || !isObject(mark.attrs)) return 'may be bold, italic or a link only';
  const attrs = mark.attrs;
  if (!Object.entries(attrs).every(([key, attr]) => LINK_ATTRIBUTES.has(key) && (attr === null || typeof attr === 'string'))) {
    return 'holds a link the editor cannot make';
  }
  const href = attrs.href;
  if (typeof href !== 'string' || !isSafeLink(href)) return 'may link to web, e-mail and phone addresses only';
  return null;
}

function listAttrsFit(attrs: unknown): boolean {
  if (attrs === undefined) return true;
  if (!isObject(attrs) || !onlyKeys(attrs, ['start', 'type'])) return false;
  const start = attrs.start;
  const type = attrs.type;
  return (start === undefined || (Number.isInteger(start) && (start as number) >= 0 && (start as number) < 10000)) && (type === undefined || type === null);
}

function emptyAttrs(attrs: unknown): boolean {
  return attrs === undefined || (isObject(attrs) && Object.values(attrs).every((value) => value === null));
}

function onlyKeys(node: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(node).every((key) => keys.includes(key));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A document's text as a reader reads it, blocks on lines of their own (for lengths, comparisons and search). */
export function richPlainText(doc: RichDocument): string {
  const lines: string[] = [];
  const visitBlocks = (blocks: readonly (RichBlock | RichListItem)[]) => {
    for (const block of blocks) {
      if (block.type === 'paragraph' || block.type === 'heading') lines.push(inlineText(block.content));
      else visitBlocks(block.content);
    }
  };
  visitBlocks(doc.content);
  return lines.join('\n').trim();
}

function inlineText(content: readonly RichInline[] | undefined): string {
  return (content ?? []).map((node) => (node.type === 'text' ? node.text : '\n')).join('');
}

// Builders for the seeded documents: today's texts, written once.
type InlineInput = string | RichInline;
const inlines = (parts: InlineInput[]): RichInline[] => parts.map((part) => (typeof part === 'string' ? { type: 'text', text: part } : part));
export const richDoc = (...content: RichBlock[]): RichDocument => ({ type: 'doc', content });
export const richParagraph = (...parts: InlineInput[]): RichParagraph => ({ type: 'paragraph', content: inlines(parts) });
export const richHeading = (level: 2 | 3, text: string): RichHeading => ({ type: 'heading', attrs: { level }, content: inlines([text]) });
export const richBulletList = (...items: InlineInput[][]): RichList => ({
  type: 'bulletList',
  content: items.map((parts) => ({ type: 'listItem', content: [richParagraph(...parts)] })),
});
export const richLink = (text: string, href: string): RichText => ({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] });

/**
 * The document with its keys in one order (type, attrs, content, text, marks): stored JSON (jsonb) keeps none, and a
 * page rendered from the database must embed the same bytes as the page the build prerendered from the same texts.
 */
export function canonicalRichDoc<T>(node: T): T {
  if (Array.isArray(node)) return node.map((child: unknown) => canonicalRichDoc(child)) as T;
  if (!isObject(node)) return node;
  const ordered: Record<string, unknown> = {};
  for (const key of ['type', 'attrs', 'content', 'text', 'marks', 'href', 'level', 'start', 'target', 'rel', 'class', 'title']) {
    if (key in node) ordered[key] = canonicalRichDoc(node[key]);
  }
  for (const key of Object.keys(node).sort()) if (!(key in ordered)) ordered[key] = canonicalRichDoc(node[key]);
  return ordered as T;
}
