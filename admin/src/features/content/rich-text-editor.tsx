// The rich-text editor of the content forms (TipTap, decision 052), loaded lazily by rich-text-input.tsx. It is
// configured to make only what rich-text.ts accepts and the site renders: paragraphs, headings of level 2 and 3,
// bullet and numbered lists, line breaks, bold, italic, and links to the addresses isSafeLink allows.
import { isSafeLink, type ContentValue } from '@brightwave/common';
import { Plugin } from '@tiptap/pm/state';
import { EditorContent, Extension, useEditor, useEditorState, type Editor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef, useState, type AriaAttributes, type FormEvent, type KeyboardEvent } from 'react';
import type { IconType } from 'react-icons';
import { LuBold, LuHeading2, LuHeading3, LuItalic, LuLink, LuList, LuListOrdered, LuRedo2, LuUndo2, LuUnlink } from 'react-icons/lu';
import { buttonClasses, iconButtonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { errorAttributes, FieldError, inputClasses, labelClasses } from '../../components/ui/fields';
import { isRichDocument, sameContent } from './content-values';

/** The first number of a numbered list the site accepts (rich-text.ts). */
const isListStart = (start: unknown) => Number.isInteger(start) && (start as number) >= 0 && (start as number) < 10000;

/**
 * What pasting and typing could make beyond what the site accepts, put back within it after every change: a pasted
 * list's own numbering style ("a.", "i.") and a start the site does not number from, and a heading inside a list.
 */
const SiteShapes = Extension.create({
  name: 'siteShapes',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        appendTransaction(transactions, _before, state) {
          if (!transactions.some((transaction) => transaction.docChanged)) return null;
          const tr = state.tr;
          state.doc.descendants((node, pos, parent) => {
            if (node.type.name === 'orderedList' && ((node.attrs.type ?? null) !== null || !isListStart(node.attrs.start))) {
              tr.setNodeMarkup(pos, undefined, { ...node.attrs, type: null, start: isListStart(node.attrs.start) ? node.attrs.start : 1 });
            } else if (node.type.name === 'heading' && parent?.type.name === 'listItem') {
              tr.setNodeMarkup(pos, state.schema.nodes.paragraph);
            }
          });
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});

const safeLink = (url: string | undefined) => typeof url === 'string' && isSafeLink(url);

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // It would add an empty paragraph after a closing list or heading, which the site would show as a gap.
    trailingNode: false,
    link: {
      // Links are made with the toolbar; a pasted address still becomes one. Typing at a link's end does not extend it.
      autolink: false,
      openOnClick: false,
      defaultProtocol: 'https',
      isAllowedUri: safeLink,
      shouldAutoLink: safeLink,
      // The site opens every link in the same tab: the stored link holds its address only.
      HTMLAttributes: { target: null, rel: null },
    },
  }),
  SiteShapes,
];

const EMPTY_DOCUMENT: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };
const documentOf = (value: ContentValue | undefined): JSONContent => (isRichDocument(value) ? (value as JSONContent) : EMPTY_DOCUMENT);

const EDITABLE_CLASSES = [
  'min-h-24 px-3 py-2 text-sm text-gray-900 focus:outline-2 focus:outline-offset-0 focus:outline-blue-600',
  '[&_p]:my-1 [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:mb-1 [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_a]:text-blue-800 [&_a]:underline',
].join(' ');

/** What the form gives a prose field (rich-text-input.tsx, which shows its label and loads this editor). */
export interface RichTextFieldProps {
  /** The editable area's id: the form moves focus there when the field has an error. */
  id: string;
  label: string;
  'aria-required': boolean;
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  /** The field's document (rich-text.ts); anything else shows as an empty document. */
  value: ContentValue | undefined;
  onChange: (value: ContentValue) => void;
}

interface RichTextEditorProps extends RichTextFieldProps {
  /** The id of the field's label, which names the editable area and the toolbar. */
  labelId: string;
}

/** A toolbar over the editable area (a multi-line text box); the value is the editor's JSON document. */
export function RichTextEditor({
  id,
  labelId,
  label,
  value,
  onChange,
  'aria-required': required,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: RichTextEditorProps) {
  // The document the editor last reported: the form hands it back as `value`, which must not reset the editor.
  const reported = useRef(value);
  const [initialContent] = useState(() => documentOf(value));
  const editorProps = useMemo(() => {
    const attributes: Record<string, string> = {
      id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      'aria-required': String(required),
      class: EDITABLE_CLASSES,
    };
    if (invalid) attributes['aria-invalid'] = 'true';
    if (describedBy) attributes['aria-describedby'] = describedBy;
    return { attributes };
  }, [id, labelId, required, invalid, describedBy]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: updated }) => {
      const document = updated.getJSON() as ContentValue;
      reported.current = document;
      onChange(document);
    },
  });

  // A value from elsewhere (a restored version, the entry moved into this place of a list) replaces the document,
  // without an undo step of its own; the same content handed back after a save leaves the cursor where it is.
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    if (sameContent(value, editor.getJSON() as ContentValue)) return;
    editor.chain().setMeta('addToHistory', false).setContent(documentOf(value), { emitUpdate: false }).run();
  }, [editor, value]);

  return (
    <div className="rounded-md border border-gray-400 bg-white">
      <Toolbar editor={editor} label={label} controls={id} />
      <EditorContent editor={editor} />
    </div>
  );
}

interface ToolbarButtonSpec {
  label: string;
  icon: IconType;
  /** A toggle's state (aria-pressed); undefined for an action. */
  pressed?: boolean;
  unavailable?: boolean;
  opensDialog?: boolean;
  run: () => void;
}

/** Formatting buttons, one tab stop (arrow keys, Home and End move between them, as in the ARIA toolbar pattern). */
function Toolbar({ editor, label, controls }: { editor: Editor; label: string; controls: string }) {
  const [linking, setLinking] = useState<{ href: string } | null>(null);
  const [current, setCurrent] = useState(0);
  const buttonsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: snapshot }) => ({
      bold: snapshot.isActive('bold'),
      italic: snapshot.isActive('italic'),
      heading2: snapshot.isActive('heading', { level: 2 }),
      heading3: snapshot.isActive('heading', { level: 3 }),
      inList: snapshot.isActive('listItem'),
      bulletList: snapshot.isActive('bulletList'),
      orderedList: snapshot.isActive('orderedList'),
      link: snapshot.isActive('link'),
      canUndo: snapshot.can().undo(),
      canRedo: snapshot.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const buttons: ToolbarButtonSpec[] = [
    { label: 'Bold', icon: LuBold, pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', icon: LuItalic, pressed: state.italic, run: () => chain().toggleItalic().run() },
    // The site shows no heading inside a list.
    { label: 'Heading 2', icon: LuHeading2, pressed: state.heading2, unavailable: state.inList, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Heading 3', icon: LuHeading3, pressed: state.heading3, unavailable: state.inList, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Bullet list', icon: LuList, pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { label: 'Numbered list', icon: LuListOrdered, pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    {
      label: 'Link',
      icon: LuLink,
      opensDialog: true,
      run: () => setLinking({ href: state.link ? String(editor.getAttributes('link').href ?? '') : '' }),
    },
    { label: 'Remove link', icon: LuUnlink, unavailable: !state.link, run: () => chain().extendMarkRange('link').unsetLink().run() },
    { label: 'Undo', icon: LuUndo2, unavailable: !state.canUndo, run: () => chain().undo().run() },
    { label: 'Redo', icon: LuRedo2, unavailable: !state.canRedo, run: () => chain().redo().run() },
  ];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: buttons.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + buttons.length) % buttons.length;
    setCurrent(next);
    buttonsRef.current[next]?.focus();
  }

  function applyLink(href: string) {
    setLinking(null);
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link's text.
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
  }

  return (
    <>
      <div
        role="toolbar"
        aria-label={`Formatting of ${label}`}
        aria-controls={controls}
        className="flex flex-wrap gap-1 border-b border-gray-300 bg-gray-50 p-1"
        onKeyDown={onKeyDown}
      >
        {buttons.map((button, index) => (
          <button
            key={button.label}
            ref={(element) => {
              buttonsRef.current[index] = element;
            }}
            type="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.pressed}
            aria-haspopup={button.opensDialog ? 'dialog' : undefined}
            // Unavailable buttons keep their place in the toolbar and can be reached, as the pattern asks.
            aria-disabled={button.unavailable || undefined}
            className={`${iconButtonClasses} aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-pressed:bg-blue-100 aria-pressed:text-blue-900`}
            // The editor keeps its selection while a mouse presses a button.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={button.unavailable ? undefined : button.run}
          >
            <button.icon aria-hidden="true" />
          </button>
        ))}
      </div>
      <LinkDialog initial={linking} onApply={applyLink} onClose={() => setLinking(null)} />
    </>
  );
}

/** The address of a link, checked as the server checks it. */
function LinkDialog({ initial, onApply, onClose }: { initial: { href: string } | null; onApply: (href: string) => void; onClose: () => void }) {
  return (
    <Dialog open={initial !== null} title={initial?.href ? 'Edit link' : 'Add link'} size="sm" onClose={onClose}>
      {/* Mounted with the dialog (it renders nothing while closed): each opening starts from the link's address. */}
      {initial && <LinkForm initial={initial.href} onApply={onApply} onClose={onClose} />}
    </Dialog>
  );
}

function LinkForm({ initial, onApply, onClose }: { initial: string; onApply: (href: string) => void; onClose: () => void }) {
  const inputId = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The dialog is rendered in a portal, but React passes its submit on to the content form around the editor.
    event.stopPropagation();
    const address = href.trim();
    if (!isSafeLink(address)) {
      setError('Enter a web address (https://…), an e-mail address (mailto:…), a phone number (tel:…) or a path of the site (/contact)');
      return;
    }
    onApply(address);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div>
        <label htmlFor={inputId} className={labelClasses}>
          Address
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          data-autofocus
          required
          autoComplete="off"
          className={inputClasses}
          placeholder="https://"
          value={href}
          {...errorAttributes(inputId, error)}
          onChange={(event) => setHref(event.target.value)}
        />
        <FieldError controlId={inputId} error={error} />
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className={buttonClasses('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonClasses('primary')}>
          Save link
        </button>
      </div>
    </form>
  );
}
