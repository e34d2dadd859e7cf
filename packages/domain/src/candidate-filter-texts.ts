/** The candidates list's richer filters (decisions 0864, 0865): height, union, location, skills, languages, looks. */
export const CANDIDATE_FILTER_TEXTS = {
  height: 'Height (cm)',
  heightMin: 'Minimum height in centimetres',
  heightMax: 'Maximum height in centimetres',
  unions: 'Union',
  ethnicAppearance: 'Ethnic appearance',
  skills: 'Skills',
  skillsHelp: 'Separate skills with commas; candidates must have every one.',
  languages: 'Languages',
  languagesHelp: 'Separate languages with commas; candidates must speak every one.',
  location: 'Location',
  near: 'Near (ZIP code or city)',
  within: 'Within (miles)',
  clearLocation: 'Clear location',
  placeNotFound: 'No place found for this ZIP code or city.',
} as const;

export const CANDIDATE_FILTER_MESSAGES = {
  heightMinAboveMax: 'The minimum height must not be above the maximum.',
  nearIncomplete: 'A distance filter needs a place (latitude and longitude) and a distance in miles.',
} as const;
