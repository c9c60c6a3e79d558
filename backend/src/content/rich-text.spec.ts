import { isSafeLink, richPlainText, richTextProblem, type RichDocument } from '@brightwave/common';
import { HOSTILE_DOCUMENTS, HOSTILE_LINKS } from '../../test/fixtures/hostile-rich-text';

const MAX = 400;
const link = (href: string) => ({ type: 'link', attrs: { href, target: null, rel: null, class: null, title: null } });

/** A document as TipTap 3's getJSON writes it, with every kind of node and mark the admin's editor can make. */
const EDITOR_DOCUMENT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What we do' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'We build ' },
        { type: 'text', text: 'fast', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' shops', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'hardBreak', marks: [{ type: 'bold' }] },
        { type: 'text', text: 'Write to us', marks: [link('mailto:hello@brightwave.example')] },
        { type: 'text', text: ' or ' },
        { type: 'text', text: 'call', marks: [link('tel:+1 555 010 2030')] },
      ],
    },
    { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Steps' }] },
    {
      type: 'orderedList',
      attrs: { start: 1, type: null },
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plan', marks: [link('/contact')] }] }] },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Build' }] },
            { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Test' }] }] }] },
          ],
        },
      ],
    },
    { type: 'paragraph' },
    { type: 'paragraph', content: [{ type: 'text', text: 'More', marks: [link('https://brightwave.example/services#web')] }] },
  ],
};

describe('rich text', () => {
  it('accepts every node and mark the editor makes, as its JSON writes them', () => {
    expect(richTextProblem(EDITOR_DOCUMENT, MAX)).toBeNull();
  });

  it.each(HOSTILE_DOCUMENTS)('refuses %s', (_case, value) => {
    expect(richTextProblem(value, MAX)).toEqual(expect.any(String));
  });

  it('names what is wrong, for the field’s error', () => {
    const heading = (level: number) => ({ type: 'doc', content: [{ type: 'heading', attrs: { level }, content: [{ type: 'text', text: 'Title' }] }] });
    expect(richTextProblem(heading(1), MAX)).toBe('may hold headings of level 2 and 3 only');
    const linked = (href: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Go', marks: [link(href)] }] }] });
    expect(richTextProblem(linked('javascript:alert(1)'), MAX)).toBe('may link to web, e-mail and phone addresses only');
    expect(richTextProblem({ type: 'doc', content: [{ type: 'script' }] }, MAX)).toBe('holds something that is not a paragraph, heading or list');
    expect(richTextProblem('<b>Hi</b>', MAX)).toBe('must be a document of the editor');
  });

  it('calls a document without text required, and bounds its text, not its JSON', () => {
    expect(richTextProblem({ type: 'doc', content: [] }, MAX)).toBe('is required');
    expect(richTextProblem({ type: 'doc', content: [{ type: 'paragraph' }, { type: 'paragraph', content: [{ type: 'hardBreak' }] }] }, MAX)).toBe(
      'is required',
    );
    const long = (length: number) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(length), marks: [{ type: 'bold' }] }] }],
    });
    expect(richTextProblem(long(MAX), MAX)).toBeNull();
    expect(richTextProblem(long(MAX + 1), MAX)).toBe(`must be at most ${MAX} characters`);
  });

  it('refuses more nodes than any prose has, whatever their text', () => {
    const breaks = Array.from({ length: 6000 }, () => ({ type: 'hardBreak' }));
    const document = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }, ...breaks] }] };
    expect(richTextProblem(document, 100_000)).toBe('is too long or too deeply nested');
  });

  it('reads a document as its text, blocks on lines of their own', () => {
    expect(richPlainText(EDITOR_DOCUMENT as RichDocument)).toBe('What we do\nWe build fast shops\nWrite to us or call\nSteps\nPlan\nBuild\nTest\n\nMore');
  });

  describe(isSafeLink.name, () => {
    it.each([
      'https://brightwave.example',
      'http://brightwave.example/a?b=c#d',
      'HTTPS://BRIGHTWAVE.EXAMPLE',
      'mailto:hello@brightwave.example',
      'tel:+1 (555) 010-2030',
      '/',
      '/contact',
      '/services#web',
    ])('accepts %j', (href) => {
      expect(isSafeLink(href)).toBe(true);
    });

    it.each(HOSTILE_LINKS.map((href) => [JSON.stringify(href).slice(0, 60), href]))('refuses %s', (_name, href) => {
      expect(isSafeLink(href)).toBe(false);
    });
  });
});
