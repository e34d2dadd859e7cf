import { MERGE_FIELD_LABELS, MERGE_FIELDS } from '@casting/domain';
import type { EmailDoc, MergeField } from '@casting/domain';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu';

/**
 * The e-mail body editor (TipTap on ProseMirror, decision 0717). Only what mail clients render alike is on: bold,
 * italic, underline, strike, links, three heading levels, lists and quotes; code, rules and images are off, so the
 * document always passes the API's body schema. Merge fields are typed as `{{name}}` text from the menu.
 */
export interface RichTextEditorProps {
  /** The accessible name of the editing area. */
  label: string;
  value: EmailDoc;
  onChange(doc: EmailDoc): void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

const EXTENSIONS = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    heading: { levels: [1, 2, 3] },
    link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
  }),
];

export function RichTextEditor({ label, value, onChange, invalid, describedBy }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class:
          'prose-email min-h-48 px-3 py-2 text-sm text-ink outline-none [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as EmailDoc),
  });

  // A template loaded after the editor opened (or another template chosen) replaces the content.
  useEffect(() => {
    if (!editor) return;
    if (JSON.stringify(editor.getJSON()) !== JSON.stringify(value)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  // A tool shows a glyph ("B", "1.", "🔗") as its icon and is named by its words: the glyph is drawn by CSS, so it is
  // a picture and not a label that the name would have to contain.
  const tool = (name: string, active: boolean, run: () => void, glyph: string) => (
    <button
      type="button"
      aria-label={name}
      aria-pressed={active}
      onClick={run}
      className={cn(
        'min-h-9 min-w-9 rounded px-2 text-sm text-ink hover:bg-canvas',
        active && 'bg-brand-50 text-brand-800',
      )}
    >
      <span aria-hidden="true" data-glyph={glyph} className="before:content-[attr(data-glyph)]" />
    </button>
  );

  const setLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt('Link address (https://… or mailto:…)');
    if (!href) return;
    if (!/^(https?:\/\/|mailto:)/i.test(href.trim())) return;
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };

  return (
    <div
      className={cn(
        'rounded-md border border-line bg-surface focus-within:ring-2 focus-within:ring-brand-600',
        invalid && 'border-danger',
      )}
    >
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        className="flex flex-wrap items-center gap-1 border-b border-line p-1"
      >
        {tool('Bold', state?.bold ?? false, () => editor?.chain().focus().toggleBold().run(), 'B')}
        {tool('Italic', state?.italic ?? false, () => editor?.chain().focus().toggleItalic().run(), 'I')}
        {tool(
          'Underline',
          state?.underline ?? false,
          () => editor?.chain().focus().toggleUnderline().run(),
          'U',
        )}
        {tool(
          'Bulleted list',
          state?.bulletList ?? false,
          () => editor?.chain().focus().toggleBulletList().run(),
          '•',
        )}
        {tool(
          'Numbered list',
          state?.orderedList ?? false,
          () => editor?.chain().focus().toggleOrderedList().run(),
          '1.',
        )}
        {tool(state?.link ? 'Remove link' : 'Add link', state?.link ?? false, setLink, '🔗')}
        <div className="ml-auto">
          <MergeFieldMenu
            label="Insert merge field"
            onPick={(field) => editor?.chain().focus().insertContent(`{{${field}}}`).run()}
          />
        </div>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

/** The menu of merge fields; the subject field uses it too. */
export function MergeFieldMenu({ label, onPick }: { label: string; onPick(field: MergeField): void }) {
  return (
    <DropdownMenu
      restoreFocus={false}
      trigger={
        <Button variant="secondary" className="min-h-9 px-3">
          {label}
        </Button>
      }
    >
      {MERGE_FIELDS.map((field) => (
        <DropdownMenuItem key={field} onSelect={() => onPick(field)}>
          <span>{MERGE_FIELD_LABELS[field]}</span>
          <span className="ml-auto font-mono text-xs text-ink-muted">{`{{${field}}}`}</span>
        </DropdownMenuItem>
      ))}
    </DropdownMenu>
  );
}
