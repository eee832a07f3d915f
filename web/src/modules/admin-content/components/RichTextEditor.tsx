import { EditorContent, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LinkDialog } from './LinkDialog';
import './richText.css';

/** The StarterKit as the legal text uses it: headings 1–3; no inline code or code blocks (the
 * server's sanitiser drops them); links only to http(s) and mailto, not followed on click while
 * editing. */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url.trim()),
    },
  }),
];

/** The editor's content element: classes and accessible name. */
export function richTextAttributes(label: string) {
  return {
    class: 'faena-rich-content min-h-full flex-1 px-4 py-4 sm:px-6',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
  };
}

type Tool = {
  key: string;
  label: string;
  /** Shortcut shown in the tooltip. */
  keys?: string;
  icon: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  run(): void;
};

const svg = (d: string, mirror = false) => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={`size-5 ${mirror ? 'rtl:-scale-x-100' : ''}`}>
    <path d={d} />
  </svg>
);

const ICONS = {
  bulletList: svg(
    'M4 10.5c-.83 0-1.5.67-1.5 1.5s.67 1.5 1.5 1.5 1.5-.67 1.5-1.5-.67-1.5-1.5-1.5zm0-6c-.83 0-1.5.67-1.5 1.5S3.17 7.5 4 7.5 5.5 6.83 5.5 6 4.83 4.5 4 4.5zm0 12c-.83 0-1.5.68-1.5 1.5s.68 1.5 1.5 1.5 1.5-.68 1.5-1.5-.67-1.5-1.5-1.5zM7 19h14v-2H7v2zm0-6h14v-2H7v2zm0-8v2h14V5H7z',
    true,
  ),
  orderedList: svg('M2 17h2v.5H3v1h1v.5H2v1h3v-4H2v1zm1-9h1V4H2v1h1v3zm-1 3h1.8L2 13.1v.9h3v-1H3.2L5 10.9V10H2v1zm5-6v2h14V5H7zm0 14h14v-2H7v2zm0-6h14v-2H7v2z', true),
  blockquote: svg('M6 17h3l2-4V7H5v6h3zm8 0h3l2-4V7h-6v6h3z'),
  link: svg('M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z'),
  undo: svg('M12.5 8c-2.65 0-5.05.99-6.9 2.6L2 7v9h9l-3.62-3.62c1.39-1.16 3.16-1.88 5.12-1.88 3.54 0 6.55 2.31 7.6 5.5l2.37-.78C21.08 11.03 17.15 8 12.5 8z', true),
  redo: svg('M18.4 10.6C16.55 8.99 14.15 8 11.5 8c-4.65 0-8.58 3.03-9.96 7.22L3.9 16c1.05-3.19 4.05-5.5 7.6-5.5 1.95 0 3.73.72 5.12 1.88L13 16h9V7l-3.6 3.6z', true),
};

const glyph = (text: string, className = '') => (
  <span aria-hidden="true" className={`inline-flex size-5 items-center justify-center text-[0.95rem] leading-none ${className}`}>
    {text}
  </span>
);

/** The formatting toolbar: one tab stop (WAI-ARIA toolbar), arrows move between the buttons
 * (mirrored under RTL), Home/End jump to the ends. Buttons that cannot act right now stay
 * focusable with aria-disabled, so the tab stop never disappears. */
function Toolbar({ editor, onLink }: { editor: Editor; onLink(): void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const chain = () => editor.chain().focus();

  const groups: Tool[][] = [
    [
      { key: 'bold', label: 'Negrita', keys: 'Ctrl+B', icon: glyph('B', 'font-bold'), pressed: state.bold, run: () => chain().toggleBold().run() },
      { key: 'italic', label: 'Cursiva', keys: 'Ctrl+I', icon: glyph('I', 'font-serif italic'), pressed: state.italic, run: () => chain().toggleItalic().run() },
      { key: 'underline', label: 'Subrayado', keys: 'Ctrl+U', icon: glyph('U', 'underline underline-offset-2'), pressed: state.underline, run: () => chain().toggleUnderline().run() },
    ],
    ([1, 2, 3] as const).map((level) => ({
      key: `h${level}`,
      // The name holds the visible 'H1' (WCAG 2.5.3, axe label-content-name-mismatch).
      label: `H${level}: Título ${level}`,
      keys: `Ctrl+Alt+${level}`,
      icon: glyph(`H${level}`, 'text-xs font-bold'),
      pressed: state[`h${level}`],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    [
      { key: 'bulletList', label: 'Lista con viñetas', keys: 'Ctrl+Shift+8', icon: ICONS.bulletList, pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
      { key: 'orderedList', label: 'Lista numerada', keys: 'Ctrl+Shift+7', icon: ICONS.orderedList, pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
      { key: 'blockquote', label: 'Cita', keys: 'Ctrl+Shift+B', icon: ICONS.blockquote, pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
      { key: 'link', label: 'Enlace', icon: ICONS.link, pressed: state.link, run: onLink },
    ],
    [
      { key: 'undo', label: 'Deshacer', keys: 'Ctrl+Z', icon: ICONS.undo, disabled: !state.canUndo, run: () => chain().undo().run() },
      { key: 'redo', label: 'Rehacer', keys: 'Ctrl+Shift+Z', icon: ICONS.redo, disabled: !state.canRedo, run: () => chain().redo().run() },
    ],
  ];
  const count = groups.reduce((n, g) => n + g.length, 0);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = (current + step + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
  }

  let index = -1;
  return (
    <div
      role="toolbar"
      aria-label="Formato del texto"
      onKeyDown={move}
      className="flex shrink-0 flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50/80 px-2 py-1.5"
    >
      {groups.map((group, g) => (
        <div key={g} role="group" className="flex items-center gap-0.5 border-slate-200 not-last:me-1 not-last:border-e not-last:pe-1.5">
          {group.map((tool) => {
            index += 1;
            const i = index;
            return (
              <button
                key={tool.key}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                tabIndex={i === current ? 0 : -1}
                aria-label={tool.label}
                title={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}
                aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
                aria-disabled={tool.disabled || undefined}
                onFocus={() => setCurrent(i)}
                onMouseDown={(e) => e.preventDefault() /* keep the editor's selection */}
                onClick={() => {
                  if (!tool.disabled) tool.run();
                }}
                className={`inline-flex size-9 items-center justify-center rounded-md text-slate-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-slate-300 ${
                  tool.pressed ? 'bg-teal-100 text-teal-900 hover:bg-teal-200' : 'hover:bg-slate-200/70 aria-disabled:hover:bg-transparent'
                }`}
              >
                {tool.icon}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

type Props = {
  editor: Editor;
  /** Without it the text shows read-only and there is no toolbar. */
  editable: boolean;
  /** Total height of the editor, toolbar included (CSS length). */
  height?: string;
};

/** A TipTap editor in a white panel of fixed height: the toolbar on top, the text scrolling
 * under it. The caller owns the editor (`useEditor` with `richTextExtensions`). */
export function RichTextEditor({ editor, editable, height = '600px' }: Props) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkInitial, setLinkInitial] = useState('');

  function openLink() {
    setLinkInitial(String(editor.getAttributes('link').href ?? ''));
    setLinkOpen(true);
  }

  function applyLink(href: string) {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '') {
      chain.unsetLink().run();
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href.replace(/^mailto:/i, ''), marks: [{ type: 'link', attrs: { href } }] })
        .run();
      return;
    }
    chain.setLink({ href }).run();
  }

  return (
    <div
      style={{ height }}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm has-[.ProseMirror-focused]:border-teal-600 has-[.ProseMirror-focused]:ring-1 has-[.ProseMirror-focused]:ring-teal-600"
    >
      {editable ? <Toolbar editor={editor} onLink={openLink} /> : null}
      <div className="faena-scroll-light flex min-h-0 flex-1 flex-col overflow-y-auto">
        <EditorContent editor={editor} className="flex flex-1 flex-col" />
      </div>
      <LinkDialog open={linkOpen} initial={linkInitial} onClose={() => setLinkOpen(false)} onApply={applyLink} />
    </div>
  );
}
