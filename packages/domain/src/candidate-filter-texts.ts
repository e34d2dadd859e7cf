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
  // The list's filter chips, one per active filter.
  chipHeight: (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? `Height ${min}–${max} cm`
      : min !== null
        ? `Height ${min} cm or more`
        : `Height ${max ?? ''} cm or less`,
  chipUnion: (name: string) => `Union: ${name}`,
  chipEthnicAppearance: (name: string) => `Ethnic appearance: ${name}`,
  chipSkill: (skill: string) => `Skill: ${skill}`,
  chipLanguage: (language: string) => `Language: ${language}`,
  chipNear: (miles: number) => `Within ${miles} miles of a place`,
  unknownValue: 'unknown',
} as const;

export const CANDIDATE_FILTER_MESSAGES = {
  heightMinAboveMax: 'The minimum height must not be above the maximum.',
  nearIncomplete: 'A distance filter needs a place (latitude and longitude) and a distance in miles.',
} as const;
