/**
 * The texts of the headshot grid, the compare view and the preview's prefetching: the candidates workspace's grid
 * layout, the side-by-side comparison of 2 to 4 candidates with players that play together, and its keys.
 */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export const COMPARE_TEXTS = {
  layoutLabel: 'Show candidates as',
  layoutList: 'List',
  layoutGrid: 'Grid',
  gridLabel: 'Candidate headshots',
  gridHint: 'Arrow keys move between cards, Space selects, Enter opens the preview.',
  gridReorderHint: 'Switch to the list to put the folder in order by hand.',
  compareSelected: (count: number) => `Compare ${count}`,
  compareNeeds: `Pick ${COMPARE_MIN} to ${COMPARE_MAX} candidates to compare them.`,
  title: 'Compare candidates',
  backToCandidates: 'Back to the candidates',
  wrongCount: `A comparison shows ${COMPARE_MIN} to ${COMPARE_MAX} candidates. Pick them in the candidates list.`,
  notFound: 'This candidate could not be loaded; it may have been removed from the project.',
  loading: 'Loading the candidates',
  playAll: 'Play all',
  pauseAll: 'Pause all',
  seekAll: 'Position of every linked tape',
  back5: 'Back 5 seconds',
  forward5: 'Forward 5 seconds',
  mute: (name: string) => `Mute ${name}`,
  unmute: (name: string) => `Unmute ${name}`,
  link: (name: string) => `Link ${name} to the common controls`,
  unlink: (name: string) => `Unlink ${name} from the common controls`,
  tapeOf: (name: string) => `Tape of ${name}`,
  chooseTape: (name: string) => `Tape of ${name} to play`,
  noTape: 'No tape for this project yet.',
  tapeProcessing: 'The tape is being prepared.',
  focused: (name: string) => `${name} in focus`,
  focusCandidate: (name: string, key: number) => `Focus ${name} (key ${key})`,
  playingAge: 'Playing age',
  height: 'Height',
  location: 'Location',
  representation: 'Representation',
  unrepresented: 'Not represented',
  moveToFolder: 'Move to folder',
  folderChoice: (name: string) => `Folder for ${name}`,
  moved: (name: string, folder: string) => `${name} is now in ${folder}.`,
  moveFailed: 'The candidate could not be moved',
  voteFailed: 'The vote could not be saved',
  keys: 'Space plays or pauses every linked tape, ← and → seek 5 seconds, 1 to 4 bring one candidate into focus.',
} as const;
