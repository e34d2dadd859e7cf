import { CLIENT_REVIEW_MESSAGES } from './contracts/client-review';
import { MESSAGES } from './messages';
/**
 * The presentations' texts: the project's presentations page, the editor, the create and share actions, the PDF's
 * progress, and the API's refusals. A curated, ordered package of candidates for a client.
 */
export const PRESENTATION_TEXTS = {
  pageTitle: 'Presentations',
  navLabel: 'Presentations',
  intro:
    'A curated set of candidates for a client, in the order you choose, with the photos and tapes you pick. ' +
    'Share it as a client link or download it as a PDF.',
  none: 'No presentations yet. Select candidates of one opportunity and choose “Create presentation”.',
  loadMore: 'Load more',
  open: (title: string) => `Open ${title}`,
  back: 'All presentations',
  candidates: (count: number) => `${count} candidate(s)`,
  // Creating from the candidates workspace.
  create: 'Create presentation',
  createTitle: 'New presentation',
  titleLabel: 'Title',
  createSubmit: 'Create',
  creating: 'Creating…',
  oneOpportunityOnly:
    'A presentation holds candidates of one opportunity: select candidates of one opportunity.',
  // The editor.
  layoutLabel: 'Layout',
  layouts: { cards: 'Cards (photo, name and key sizes)', pages: 'One page per candidate' },
  save: 'Save',
  saved: 'Saved.',
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  remove: (name: string) => `Remove ${name}`,
  mediaLegend: (name: string) => `Media of ${name}`,
  allMedia: 'Show everything the link shares',
  chooseMedia: 'Choose media',
  mediaItem: (kind: string, name: string) => `${kind}: ${name}`,
  noMedia: 'No media shared with clients.',
  deletePresentation: 'Delete presentation',
  deleteConfirm: 'Delete this presentation? Client links already made from it keep working.',
  // Sharing and the PDF.
  share: CLIENT_REVIEW_MESSAGES.shareTitle,
  sharing: 'Sharing…',
  shared: 'Client link made. Copy its address now: it is shown once.',
  linkAddress: 'Client link address',
  downloadPdf: 'Download PDF',
  makePdf: 'Make PDF',
  pdfQueued: 'PDF queued…',
  pdfProgress: (percent: number) => `Making the PDF: ${percent}%`,
  pdfFailed: 'The PDF could not be made. Try again.',
  pdfReady: 'PDF ready',
  // The PDF itself.
  pdfPlayingAge: (value: string) => `Playing age: ${value}`,
  pdfHeight: (value: string) => `Height: ${value}`,
  pdfLocation: (value: string) => `Location: ${value}`,
  // Refusals.
  notFound: 'Presentation not found.',
  candidatesNotInOpportunity: 'Some candidates are not in this opportunity of the project.',
  candidateNotInPresentation: 'This candidate is not in the presentation.',
  mediaNotOfCandidate: 'Some media do not belong to this candidate in this project.',
  pdfNotReady: 'The PDF is not ready yet.',
  // The client review page.
  portalCardsLabel: 'Candidates',
  // The naming dialog (create and rename), the order by drag and drop, the shared notes in the PDF.
  nameTitle: 'Name the presentation',
  rename: 'Rename',
  renameTitle: 'Rename the presentation',
  cancel: MESSAGES.cancel,
  saving: 'Saving…',
  orderHint: 'Drag a candidate to a new place, or use the move buttons.',
  dragHandle: (name: string) => `Drag ${name} to reorder`,
  pdfNotes: 'Notes',
  pdfNote: (time: string | null, author: string, body: string) =>
    `${time ? `[${time}] ` : ''}${author ? `${author}: ` : ''}${body}`,
} as const;
