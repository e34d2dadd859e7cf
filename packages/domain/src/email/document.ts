import { z } from 'zod';

/**
 * An e-mail body as the rich-text editor saves it: a ProseMirror/TipTap JSON document limited to what renders the
 * same in every common mail client (paragraphs, three heading levels, lists, quotes, line breaks; bold, italic,
 * underline, strike and links). The body is stored as this tree, never as HTML, so the renderer writes every tag
 * itself and escapes every text: no HTML a person typed, pasted or sent straight to the API can reach a recipient.
 */

export const EMAIL_DOC_MAX_DEPTH = 8;
export const EMAIL_DOC_MAX_TEXT = 20_000;
const MAX_CHILDREN = 500;

const SAFE_LINK = /^(https?:\/\/|mailto:)[^\s<>"]{1,2000}$/i;

export const EMAIL_DOC_MESSAGES = {
  invalidBody: 'The message body is not valid. Reload the editor and try again.',
  bodyTooLong: `The message is too long (at most ${EMAIL_DOC_MAX_TEXT} characters).`,
  linkNotAllowed: 'Links must start with http://, https:// or mailto:.',
} as const;

const markSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('underline') }),
  z.object({ type: z.literal('strike') }),
  z.object({
    type: z.literal('link'),
    attrs: z.object({ href: z.string().regex(SAFE_LINK, EMAIL_DOC_MESSAGES.linkNotAllowed) }).loose(),
  }),
]);
export type EmailMark = z.infer<typeof markSchema>;

export type EmailNode =
  | { type: 'text'; text: string; marks?: EmailMark[] | undefined }
  | { type: 'hardBreak' }
  | { type: 'paragraph'; content?: EmailNode[] | undefined }
  | { type: 'heading'; attrs: { level: 1 | 2 | 3 }; content?: EmailNode[] | undefined }
  | { type: 'bulletList' | 'orderedList' | 'listItem' | 'blockquote'; content?: EmailNode[] | undefined };

export interface EmailDoc {
  type: 'doc';
  content: EmailNode[];
}

const nodeSchema: z.ZodType<EmailNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('text'),
      text: z.string().min(1).max(EMAIL_DOC_MAX_TEXT),
      marks: z.array(markSchema).max(5).optional(),
    }),
    z.object({ type: z.literal('hardBreak') }),
    z.object({ type: z.literal('paragraph'), content: children.optional() }),
    z.object({
      type: z.literal('heading'),
      attrs: z.object({ level: z.union([z.literal(1), z.literal(2), z.literal(3)]) }).loose(),
      content: children.optional(),
    }),
    z.object({
      type: z.enum(['bulletList', 'orderedList', 'listItem', 'blockquote']),
      content: children.optional(),
    }),
  ]),
);
const children = z.array(nodeSchema).max(MAX_CHILDREN);

function depthOf(nodes: readonly EmailNode[] | undefined, depth = 1): number {
  if (!nodes || nodes.length === 0) return depth;
  return Math.max(...nodes.map((node) => ('content' in node ? depthOf(node.content, depth + 1) : depth)));
}

function textLength(nodes: readonly EmailNode[] | undefined): number {
  let total = 0;
  for (const node of nodes ?? []) {
    if (node.type === 'text') total += node.text.length;
    else if ('content' in node) total += textLength(node.content);
  }
  return total;
}

export const emailDocSchema: z.ZodType<EmailDoc> = z
  .object({ type: z.literal('doc'), content: children.min(1, EMAIL_DOC_MESSAGES.invalidBody) })
  .refine((doc) => depthOf(doc.content) <= EMAIL_DOC_MAX_DEPTH, EMAIL_DOC_MESSAGES.invalidBody)
  .refine((doc) => textLength(doc.content) <= EMAIL_DOC_MAX_TEXT, EMAIL_DOC_MESSAGES.bodyTooLong)
  .refine((doc) => textLength(doc.content) > 0, { message: 'Write a message.' });

/** Plain text into a document: one paragraph per blank-line block, single line breaks kept. */
export function docFromText(text: string): EmailDoc {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0);
  return {
    type: 'doc',
    content: paragraphs.map((block) => ({
      type: 'paragraph' as const,
      content: block.split('\n').flatMap((line, index): EmailNode[] => {
        const parts: EmailNode[] = index > 0 ? [{ type: 'hardBreak' }] : [];
        return line ? [...parts, { type: 'text', text: line }] : parts;
      }),
    })),
  };
}

/** Every text of a document in order, for finding the merge fields it uses. */
export function docTexts(nodes: readonly EmailNode[]): string[] {
  return nodes.flatMap((node) =>
    node.type === 'text' ? [node.text] : 'content' in node ? docTexts(node.content ?? []) : [],
  );
}
