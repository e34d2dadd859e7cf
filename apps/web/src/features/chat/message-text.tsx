import { Fragment } from 'react';

/** http(s) addresses and www. names; the trailing punctuation of a sentence is not part of the link. */
const URL_PATTERN = /\b(https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits a message into plain text and links. Only http and https links are ever made clickable. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trailing.length);
    if (!raw) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({
      kind: 'link',
      text: raw,
      href: raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw,
    });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * A chat message as people wrote it: rendered as text nodes (React escapes them; never innerHTML), line breaks kept
 * by `white-space: pre-wrap`, and web addresses made into links that open in a new tab without the opener.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="break-words whitespace-pre-wrap text-ink">
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-brand-700 underline"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
