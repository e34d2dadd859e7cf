import { describe, expect, it } from 'vitest';
import { emailSelectionPath, readEmailSelection } from './selection';

describe('the selection handed to the send page', () => {
  it('travels through session storage under a key the address carries', () => {
    const ids = Array.from(
      { length: 300 },
      (_, index) => `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
    );
    const path = emailSelectionPath('p1', ids);
    expect(path).toMatch(/^\/projects\/email\/p1\/send\?selection=[a-z0-9]+$/);
    expect(path.length).toBeLessThan(60);
    expect(readEmailSelection(new URL(path, 'http://x').searchParams.get('selection'))).toEqual(ids);
  });

  it('reads an unknown or damaged key as nothing selected', () => {
    expect(readEmailSelection(null)).toEqual([]);
    expect(readEmailSelection('missing')).toEqual([]);
    sessionStorage.setItem('casting.emailSelection.bad', '{oops');
    expect(readEmailSelection('bad')).toEqual([]);
  });
});
