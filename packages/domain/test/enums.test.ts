import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_UPLOAD_TYPES,
  COPY_MOVE_TYPES,
  DEFAULT_MISSING_DATA_FILTER,
  DEFAULT_TAG_CONDITION_TYPE,
  MEDIA_ISSUE_CHANNELS,
  MEDIA_PROCESSING_STATUSES,
  MISSING_DATA_FILTERS,
  MISSING_DATA_FILTERS_ALT,
  SIZE_FIELDS,
  SOCIAL_PLATFORMS,
  TAG_CONDITION_TYPES,
  UPLOAD_STATUSES,
  VOTE_TYPES,
  fileExtension,
  isAcceptedUpload,
  uploadKindOf,
} from '../src';

describe('enumerations', () => {
  it.each([
    ['media processing', MEDIA_PROCESSING_STATUSES, 'PENDING, IN_PROGRESS, PROCESSED, FAILED'],
    ['upload', UPLOAD_STATUSES, 'UPLOADING, COMPLETED, FAILED, PENDING, PROCESSING, PROCESSED'],
    ['votes', VOTE_TYPES, 'UP_VOTE, DOWN_VOTE, MAYBE, HIDE, UNHIDE'],
    ['copy/move', COPY_MOVE_TYPES, 'COPY, MOVE, IMPORT'],
    ['social', SOCIAL_PLATFORMS, 'INSTAGRAM, FACEBOOK, TIKTOK, YOUTUBE, TWITTER, LINKEDIN'],
    [
      'size fields',
      SIZE_FIELDS,
      'waist, shoe, coat, coatLength, sleeve, inseam, neck, hat, glove, dress, pants, bust, cup, hips, infant, toddler, boys, girls, height, weight, infantToddlerAndChildrenShoe',
    ],
    ['missing data', MISSING_DATA_FILTERS, 'INCLUDE, EXCLUDE, ONLY'],
    ['missing data (alt)', MISSING_DATA_FILTERS_ALT, 'EXCLUDE_MISSING, INCLUDE_MISSING, ONLY_MISSING'],
    ['tag conditions', TAG_CONDITION_TYPES, 'OR, AND'],
    ['media issue channels', MEDIA_ISSUE_CHANNELS, 'SLACK'],
  ])('%s are as the spec lists them', (_name, values, spec) => {
    expect(values.join(', ')).toBe(spec);
  });

  it('has 21 size fields and the spec defaults', () => {
    expect(SIZE_FIELDS).toHaveLength(21);
    expect(DEFAULT_MISSING_DATA_FILTER).toBe('INCLUDE');
    expect(DEFAULT_TAG_CONDITION_TYPE).toBe('OR');
  });
});

describe('accepted uploads', () => {
  it('lists the accepted extensions by kind', () => {
    expect(ACCEPTED_UPLOAD_TYPES.video.join(' ')).toBe('mp4 webm ogg avi mov wmv flv mkv m4v');
    expect(ACCEPTED_UPLOAD_TYPES.image.join(' ')).toBe('jpg jpeg png gif webp heic heif');
    expect(ACCEPTED_UPLOAD_TYPES.document.join(' ')).toBe('pdf doc docx xls xlsx txt');
  });

  it.each([
    ['reel.mp4', 'video'],
    ['REEL.MOV', 'video'],
    ['clip.final.m4v', 'video'],
    ['head.shot.JPEG', 'image'],
    ['photo.heic', 'image'],
    ['resume.pdf', 'document'],
    ['sizes.xlsx', 'document'],
    ['notes.txt', 'document'],
    ['song.mp3', null],
    ['script.exe', null],
    ['pdf', null],
    ['.pdf', null],
    ['trailing.', null],
    ['', null],
  ])('%s is %s', (name, kind) => {
    expect(uploadKindOf(name)).toBe(kind);
    expect(isAcceptedUpload(name)).toBe(kind !== null);
  });

  it('reads the extension in lower case', () => {
    expect(fileExtension('A.B.PnG')).toBe('png');
    expect(fileExtension('noext')).toBe('');
  });
});
