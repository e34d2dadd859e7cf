import { MEDIA_KIND_FILE_LABELS, type MediaKind } from '@casting/domain';

/** A name safe in a zip on every system: no separators, controls or reserved characters, at most 100 characters. */
export function safeName(value: string): string {
  const cleaned = value
    .normalize('NFC')
    // Control characters (below U+0020, and U+007F) and the characters Windows and zip tools reserve.
    .replace(/[/\\:*?"<>|]+/g, '_')
    .replace(/\p{Cc}+/gu, '_')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || 'file').slice(0, 100);
}

/** The extension of a file's name, with its dot, lower-cased; empty when it has none. */
function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

/**
 * The name a client's download gives a candidate's file: candidate, opportunity, kind and number within that kind,
 * in upload order ("Ana Silva - Lead - Video 1.mp4"). A producer who downloads from several links, or twice, gets
 * the same name for the same file, and a folder of them sorts by candidate then kind. A candidate the link shares for
 * several opportunities carries their names joined, so no file claims one role when it serves another. The name is
 * cut before its extension, never through it.
 */
export function clientFileName(file: {
  firstName: string;
  lastName: string;
  opportunities: readonly string[];
  kind: MediaKind;
  number: number;
  name: string;
}): string {
  const person = `${file.firstName} ${file.lastName}`.trim();
  const parts = [
    person,
    file.opportunities.join(' + '),
    `${MEDIA_KIND_FILE_LABELS[file.kind]} ${file.number}`,
  ];
  const extension = extensionOf(file.name);
  const base = safeName(parts.filter(Boolean).join(' - ')).slice(0, 100 - extension.length);
  return `${base}${extension}`;
}
