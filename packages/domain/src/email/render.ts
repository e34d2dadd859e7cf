import { docTexts, type EmailDoc, type EmailMark, type EmailNode } from './document';

/**
 * Merge fields and the e-mail renderer, shared by every module that mails people from a template (candidate
 * e-mails, invitations and roster notices) and by the web app's preview, so what the team sees is what is sent.
 *
 * The rules:
 * - A merge field is written `{{name}}` (spaces inside the braces allowed) in the subject or in any text of the body.
 * - Values are the person's and project's data as stored; each is made one line (any run of white space, line breaks
 *   included, becomes one space) and escaped where it lands, so a name such as `<b>Al</b> "Bo" & Co` reads exactly
 *   so and never becomes markup.
 * - A field without a value (a candidate with no first name, a send without a submission link) takes the field's
 *   fallback: "there" for the first and full names (so "Hi {{firstName}}," reads "Hi there,"), the project's name for
 *   the opportunity, the opportunity for "booked as", and nothing for the others; spaces left doubled by an empty value are closed up.
 * - A name the list does not know is left as typed; saving a template refuses it, so only a one-off message can
 *   carry one.
 */

export const MERGE_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'projectName',
  'opportunityName',
  'submissionLink',
  'senderName',
  // Roster notices: what the project roster change says. Empty in any other e-mail.
  'rosterStatus',
  'dates',
  'rate',
  'bookedAs',
  'rosterNote',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Partial<Record<MergeField, string | null | undefined>>;

/** The menu of the editor: each field's label for people. */
export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  email: 'E-mail address',
  projectName: 'Project name',
  opportunityName: 'Opportunity name',
  submissionLink: 'Submission link',
  senderName: 'Sender name',
  rosterStatus: 'Roster status (hold, booking...)',
  dates: 'Roster dates',
  rate: 'Booking rate',
  bookedAs: 'Booked as',
  rosterNote: 'Roster note',
};

const TOKEN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

export function isMergeField(name: string): name is MergeField {
  return (MERGE_FIELDS as readonly string[]).includes(name);
}

/** The field names a text uses, known or not, each once, in order of first use. */
export function mergeFieldsIn(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(TOKEN)) found.add(match[1]!);
  return [...found];
}

/** The field names a template uses (subject and body). */
export function templateMergeFields(template: { subject: string; body: EmailDoc }): string[] {
  return mergeFieldsIn([template.subject, ...docTexts(template.body.content)]);
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Each field's value after the fallback rule (see above). */
export function resolveMergeValues(values: MergeValues): Record<MergeField, string> {
  const clean = (field: MergeField) => oneLine(values[field] ?? '');
  const firstName = clean('firstName');
  const lastName = clean('lastName');
  const fullName = clean('fullName') || oneLine(`${firstName} ${lastName}`);
  const projectName = clean('projectName');
  return {
    firstName: firstName || 'there',
    lastName,
    fullName: fullName || 'there',
    email: clean('email'),
    projectName,
    opportunityName: clean('opportunityName') || projectName,
    submissionLink: clean('submissionLink'),
    senderName: clean('senderName'),
    rosterStatus: clean('rosterStatus'),
    dates: clean('dates'),
    rate: clean('rate'),
    bookedAs: clean('bookedAs') || clean('opportunityName'),
    rosterNote: clean('rosterNote'),
  };
}

type Piece = { kind: 'text'; text: string } | { kind: 'link'; url: string };

/** A text split into literal parts and filled fields (a submission link becomes a link piece). */
function fill(text: string, values: Record<MergeField, string>): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1]!;
    if (!isMergeField(name)) continue;
    pieces.push({ kind: 'text', text: text.slice(last, match.index) });
    const value = values[name];
    const next = text.charAt(match.index + match[0].length);
    const previous = pieces.at(-1);
    // An empty value takes one space with it when what follows is a space, punctuation or the end.
    if (
      value === '' &&
      previous?.kind === 'text' &&
      previous.text.endsWith(' ') &&
      /^[\s,.;:!?)]?$/.test(next)
    ) {
      previous.text = previous.text.slice(0, -1);
    }
    if (name === 'submissionLink' && /^https?:\/\//i.test(value)) pieces.push({ kind: 'link', url: value });
    else pieces.push({ kind: 'text', text: value });
    last = match.index + match[0].length;
  }
  pieces.push({ kind: 'text', text: text.slice(last) });
  return closeUpSpaces(pieces.filter((piece) => piece.kind === 'link' || piece.text !== ''));
}

/** Two spaces that meet where an empty value was become one (within a text and across pieces). */
function closeUpSpaces(pieces: Piece[]): Piece[] {
  let previousEndsWithSpace = false;
  return pieces.map((piece) => {
    if (piece.kind === 'link') {
      previousEndsWithSpace = false;
      return piece;
    }
    let text = piece.text.replace(/ {2,}/g, ' ');
    if (previousEndsWithSpace && text.startsWith(' ')) text = text.slice(1);
    previousEndsWithSpace = text.endsWith(' ') || (previousEndsWithSpace && text === '');
    return { kind: 'text', text };
  });
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const LINK_STYLE = 'color:#4338ca;text-decoration:underline';

function markOpen(mark: EmailMark): string {
  switch (mark.type) {
    case 'bold':
      return '<strong>';
    case 'italic':
      return '<em>';
    case 'underline':
      return '<u>';
    case 'strike':
      return '<s>';
    case 'link':
      return `<a href="${escapeHtml(mark.attrs.href)}" style="${LINK_STYLE}">`;
  }
}
const MARK_CLOSE: Record<EmailMark['type'], string> = {
  bold: '</strong>',
  italic: '</em>',
  underline: '</u>',
  strike: '</s>',
  link: '</a>',
};

function textHtml(node: Extract<EmailNode, { type: 'text' }>, values: Record<MergeField, string>): string {
  const marks = node.marks ?? [];
  const inLink = marks.some((mark) => mark.type === 'link');
  const inner = fill(node.text, values)
    .map((piece) =>
      piece.kind === 'text'
        ? escapeHtml(piece.text)
        : inLink
          ? escapeHtml(piece.url)
          : `<a href="${escapeHtml(piece.url)}" style="${LINK_STYLE}">${escapeHtml(piece.url)}</a>`,
    )
    .join('');
  return (
    marks.map(markOpen).join('') +
    inner +
    [...marks]
      .reverse()
      .map((mark) => MARK_CLOSE[mark.type])
      .join('')
  );
}

const BLOCK_STYLE: Record<string, string> = {
  paragraph: 'margin:0 0 16px 0',
  heading: 'margin:0 0 12px 0;font-weight:600',
  blockquote: 'margin:0 0 16px 0;padding-left:12px;border-left:3px solid #d4d4d8;color:#52525b',
  bulletList: 'margin:0 0 16px 0;padding-left:24px',
  orderedList: 'margin:0 0 16px 0;padding-left:24px',
};

function nodesHtml(nodes: readonly EmailNode[] | undefined, values: Record<MergeField, string>): string {
  return (nodes ?? []).map((node) => nodeHtml(node, values)).join('');
}

function nodeHtml(node: EmailNode, values: Record<MergeField, string>): string {
  switch (node.type) {
    case 'text':
      return textHtml(node, values);
    case 'hardBreak':
      return '<br>';
    case 'paragraph':
      return `<p style="${BLOCK_STYLE.paragraph}">${nodesHtml(node.content, values) || '&nbsp;'}</p>`;
    case 'heading': {
      const size = { 1: 24, 2: 20, 3: 17 }[node.attrs.level];
      return `<h${node.attrs.level} style="${BLOCK_STYLE.heading};font-size:${size}px">${nodesHtml(node.content, values)}</h${node.attrs.level}>`;
    }
    case 'bulletList':
      return `<ul style="${BLOCK_STYLE.bulletList}">${nodesHtml(node.content, values)}</ul>`;
    case 'orderedList':
      return `<ol style="${BLOCK_STYLE.orderedList}">${nodesHtml(node.content, values)}</ol>`;
    case 'listItem':
      // A list item's paragraphs keep no bottom margin, so items sit together as in the editor.
      return `<li>${nodesHtml(node.content, values).replace(/<p style="[^"]*">/g, '<p style="margin:0">')}</li>`;
    case 'blockquote':
      return `<blockquote style="${BLOCK_STYLE.blockquote}">${nodesHtml(node.content, values)}</blockquote>`;
  }
}

function textOfPieces(
  node: Extract<EmailNode, { type: 'text' }>,
  values: Record<MergeField, string>,
): string {
  const href = node.marks?.find((mark) => mark.type === 'link')?.attrs.href;
  const text = fill(node.text, values)
    .map((piece) => (piece.kind === 'text' ? piece.text : piece.url))
    .join('');
  return href && href !== text ? `${text} (${href})` : text;
}

function nodesText(
  nodes: readonly EmailNode[] | undefined,
  values: Record<MergeField, string>,
  indent = '',
): string {
  const blocks: string[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'bulletList' || node.type === 'orderedList') {
      const items = (node.content ?? []).map((item, index) => {
        const marker = node.type === 'bulletList' ? '- ' : `${index + 1}. `;
        const body = nodesText('content' in item ? item.content : [item], values, indent + '   ').trim();
        return `${indent}${marker}${body}`;
      });
      blocks.push(items.join('\n'));
    } else if (node.type === 'blockquote') {
      blocks.push(
        nodesText(node.content, values)
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n'),
      );
    } else if (node.type === 'text' || node.type === 'hardBreak') {
      blocks.push(inlineText([node], values));
    } else {
      blocks.push(inlineText(node.content ?? [], values));
    }
  }
  return blocks.join('\n\n');
}

function inlineText(nodes: readonly EmailNode[], values: Record<MergeField, string>): string {
  return nodes
    .map((node) =>
      node.type === 'text'
        ? textOfPieces(node, values)
        : node.type === 'hardBreak'
          ? '\n'
          : nodesText([node], values),
    )
    .join('');
}

/** Fills the subject: one line, no markup (a header is text). */
export function renderSubject(subject: string, values: MergeValues): string {
  const resolved = resolveMergeValues(values);
  return oneLine(
    fill(subject, resolved)
      .map((piece) => (piece.kind === 'text' ? piece.text : piece.url))
      .join(''),
  );
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailFooter {
  /** A line under the message, for example why the person gets it. */
  note?: string | undefined;
  /** The opt-out address, shown as a link under the message. */
  optOutUrl?: string | undefined;
}

/** A whole e-mail, HTML and text parts, from a subject, a body document and the merge values. */
export function renderEmail(
  template: { subject: string; body: EmailDoc },
  values: MergeValues,
  footer: EmailFooter = {},
): RenderedEmail {
  const resolved = resolveMergeValues(values);
  const subject = renderSubject(template.subject, values);
  const bodyHtml = nodesHtml(template.body.content, resolved);
  const bodyText = nodesText(template.body.content, resolved);
  const footerHtml: string[] = [];
  const footerText: string[] = [];
  if (footer.note) {
    footerHtml.push(escapeHtml(footer.note));
    footerText.push(footer.note);
  }
  if (footer.optOutUrl) {
    const url = escapeHtml(footer.optOutUrl);
    footerHtml.push(
      `Don’t want e-mails about this project? <a href="${url}" style="color:#71717a;text-decoration:underline">Unsubscribe</a>.`,
    );
    footerText.push(`Don’t want e-mails about this project? Unsubscribe: ${footer.optOutUrl}`);
  }
  const html =
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f4f4f5">' +
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#18181b">' +
    `<div style="background:#ffffff;border-radius:8px;padding:24px">${bodyHtml}</div>` +
    (footerHtml.length > 0
      ? `<p style="margin:16px 0 0 0;font-size:12px;color:#71717a">${footerHtml.join('<br>')}</p>`
      : '') +
    '</div></body></html>';
  const text = bodyText + (footerText.length > 0 ? `\n\n--\n${footerText.join('\n')}` : '') + '\n';
  return { subject, html, text };
}
