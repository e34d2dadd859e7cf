export const VOTE_TYPES = ['UP_VOTE', 'DOWN_VOTE', 'MAYBE', 'HIDE', 'UNHIDE'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const COPY_MOVE_TYPES = ['COPY', 'MOVE', 'IMPORT'] as const;
export type CopyMoveType = (typeof COPY_MOVE_TYPES)[number];

export const SOCIAL_PLATFORMS = [
  'INSTAGRAM',
  'FACEBOOK',
  'TIKTOK',
  'YOUTUBE',
  'TWITTER',
  'LINKEDIN',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Candidate measurement fields, in the order a candidate's profile lists them. */
export const SIZE_FIELDS = [
  'waist',
  'shoe',
  'coat',
  'coatLength',
  'sleeve',
  'inseam',
  'neck',
  'hat',
  'glove',
  'dress',
  'pants',
  'bust',
  'cup',
  'hips',
  'infant',
  'toddler',
  'boys',
  'girls',
  'height',
  'weight',
  'infantToddlerAndChildrenShoe',
] as const;
export type SizeField = (typeof SIZE_FIELDS)[number];

/** How candidates missing a value (age, gender) are treated by a filter. */
export const MISSING_DATA_FILTERS = ['INCLUDE', 'EXCLUDE', 'ONLY'] as const;
export type MissingDataFilter = (typeof MISSING_DATA_FILTERS)[number];
export const DEFAULT_MISSING_DATA_FILTER: MissingDataFilter = 'INCLUDE';

/** A second spelling of the same choices that the product also sends. */
export const MISSING_DATA_FILTERS_ALT = ['EXCLUDE_MISSING', 'INCLUDE_MISSING', 'ONLY_MISSING'] as const;
export type MissingDataFilterAlt = (typeof MISSING_DATA_FILTERS_ALT)[number];

export const TAG_CONDITION_TYPES = ['OR', 'AND'] as const;
export type TagConditionType = (typeof TAG_CONDITION_TYPES)[number];
export const DEFAULT_TAG_CONDITION_TYPE: TagConditionType = 'OR';

export const MEDIA_ISSUE_CHANNELS = ['SLACK'] as const;
export type MediaIssueChannel = (typeof MEDIA_ISSUE_CHANNELS)[number];

/** File extensions a person may upload, by kind; any other type is refused. */
export const ACCEPTED_UPLOAD_TYPES = {
  video: ['mp4', 'webm', 'ogg', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'm4v'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif'],
  document: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'txt'],
} as const;
export type UploadKind = keyof typeof ACCEPTED_UPLOAD_TYPES;

const UPLOAD_KINDS = Object.keys(ACCEPTED_UPLOAD_TYPES) as UploadKind[];

/** Lower-case extension without the dot, or '' when the name has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  return fileName.slice(dot + 1).toLowerCase();
}

/** Extensions with an icon of their own in the media viewer; any other file gets the default icon. */
export const VIEWER_ICON_EXTENSIONS: ReadonlySet<string> = new Set([
  'pdf',
  'xls',
  'xlsx',
  'doc',
  'docx',
  'txt',
  'mp3',
  'mp4',
  'mov',
  'heic',
  'heif',
  'jpg',
  'jpeg',
  'webp',
  'rtf',
  'png',
  'css',
  'pptx',
  'ppt',
  'quicktime',
  'video',
]);

/** Which accepted kind a file name belongs to, by extension; null when it is not accepted. */
export function uploadKindOf(fileName: string): UploadKind | null {
  const ext = fileExtension(fileName);
  return (
    UPLOAD_KINDS.find((kind) => (ACCEPTED_UPLOAD_TYPES[kind] as readonly string[]).includes(ext)) ?? null
  );
}

export function isAcceptedUpload(fileName: string): boolean {
  return uploadKindOf(fileName) !== null;
}

/** A candidate's standing on the project roster (decision 0040); the roster contracts use it. */
export const ROSTER_STATUSES = ['AVAIL_CHECK', 'FIRST_HOLD', 'SECOND_HOLD', 'BOOKED', 'RELEASED'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];
