/**
 * Business constants and limits the web app and the API share: upload sizes and retries, debounces, caches, session
 * timings, layout sizes and the media viewer's retries. Each is read where the product applies it; none is retyped.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// Upload
export const UPLOAD_LARGE_FILE_WARNING_BYTES = 629145600;
export const UPLOAD_SMALL_FILE_THRESHOLD_BYTES = 10485760;
export const MULTIPART_CHUNK_BYTES = 5242880;
export const MULTIPART_PARALLEL = 2;
/** A failed chunk is tried again up to twice, waiting 1 s and then 2 s. */
export const CHUNK_RETRY_DELAYS_MS = [1000, 2000] as const;
// Files upload one at a time: the web's upload queue runs a single loop, so no concurrency setting exists.
export const MAX_FILE_RETRIES = 3;
export const UPLOAD_PROGRESS_THROTTLE_MS = 100;
export const VIDEO_PREVIEW_FRAME_SECONDS = 1;
export const DEFAULT_UPLOAD_KEY_PREFIX = 'PM/RoleSideDocuments';

// Link title and searches
export const LINK_TITLE_COUNTER_MAX = 30;
export const LINK_TITLE_WARN_ABOVE = 25;
export const TITLE_UNIQUENESS_DEBOUNCE_MS = 500;
export const AGENCY_SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_SELECT_DEBOUNCE_MS = 500;
export const AGENCY_SEARCH_PAGE_SIZE = 20;
export const LOOKUP_LIMIT = 100;
export const LOOKUP_OFFSET = 0;

// Codes, credentials and contact fields
export const RESEND_COUNTDOWN_SECONDS = 30;
export const COUNTDOWN_TICK_MS = SECOND;
export const COPIED_LABEL_MS = 1500;
export const QR_SIZE = 172;
export const QR_FILE_NAME = 'QR_Code.png';
/** The print versions of a link's QR code: a PNG large enough for a poster at 300 dpi (8.7 cm), and a vector SVG. */
export const QR_PRINT_SIZE = 1024;
export const QR_PRINT_FILE_NAME = 'QR_Code_print.png';
export const QR_SVG_FILE_NAME = 'QR_Code.svg';
export const CODE_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHONE_MIN = 11;
export const PHONE_MAX = 16;
export const ZIP_LENGTH = 5;

// Caches (milliseconds)
export const CACHE_MS = {
  folders: 10 * MINUTE,
  foldersRefetchAfterMs: 3 * SECOND,
  roles: 15 * MINUTE,
  representatives: 5 * MINUTE,
  representativesGc: 10 * MINUTE,
  addressAutocomplete: 86400 * SECOND,
} as const;
export const ADDRESS_DEBOUNCE_MS = 300;

// Session inactivity tracking
export const SESSION = {
  defaultDurationMinutes: 240,
  activityThrottleMs: 5 * SECOND,
  inactivityCheckMs: 30 * SECOND,
  warningMs: 2 * MINUTE,
  extendCheckMs: 90 * SECOND,
  extendAfterMs: 15 * MINUTE,
} as const;

// The reminder to vote: 'don't remind for a day' silences it this long; the answer is kept in the browser under the key.
export const REMINDER_SNOOZE_MS = 24 * HOUR;
export const UPVOTE_PREFERENCE_KEY = 'upvotePreference';

// Layout and UI timings
export const SIDEBAR_WIDTH_OPEN = 224;
export const SIDEBAR_WIDTH_COLLAPSED = 66;
export const DROPDOWN_LIST_HEIGHT = 192;
export const INVITE_DIALOG_WIDTH = 730;
export const ADD_REPRESENTATION_DIALOG_WIDTH = 550;
export const ROLE_NAME_TRUNCATE = 50;
export const EDITABLE_LABEL_AUTOFOCUS_MS = 500;
export const AVATAR_INITIALS_MAX = 3;
export const TALENT_TOAST_MS = 10 * SECOND;

// Media viewer retries: how often and how long the viewer polls before it gives up
export const VIEWER_VIDEO_READY_ATTEMPTS = 10;
export const VIEWER_VIDEO_READY_INTERVAL_MS = 6000;
export const VIEWER_THUMBNAIL_ATTEMPTS = 5;
export const VIEWER_THUMBNAIL_INTERVAL_MS = 4000;
export const VIEWER_VIDEO_URL_ATTEMPTS = 5;
export const VIEWER_VIDEO_URL_INTERVAL_MS = 3 * SECOND;
export const MEDIA_FAILED_CLOSE_MS = 2 * SECOND;

/** Sign-up always creates a staff account of this type. */
export const SIGN_UP_ROLE_TYPE = 'ADMIN';
