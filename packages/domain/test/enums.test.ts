import { describe, expect, it } from 'vitest';
import { fileExtension, isAcceptedUpload, uploadKindOf } from '../src';

describe('accepted uploads', () => {
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
