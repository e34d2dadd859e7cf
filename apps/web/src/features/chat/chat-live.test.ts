import { PROJECT_ACTORS } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { mayChat } from './chat-live';

describe('who may chat', () => {
  it('lets the chat actors chat whether or not they are agents', () => {
    for (const isAgent of [false, true]) {
      expect(PROJECT_ACTORS.filter((actor) => actor !== 'TS' && mayChat(actor, isAgent))).toEqual([
        'SA',
        'PO',
        'PE',
        'TE',
      ]);
    }
  });

  it('lets a talent submitter chat only when the signed-in user has an agent record', () => {
    expect(mayChat('TS', true)).toBe(true);
    expect(mayChat('TS', false)).toBe(false);
  });

  it('gives clients and people outside the project no chat', () => {
    expect(mayChat('CLIENT', true)).toBe(false);
    expect(mayChat(null, true)).toBe(false);
    expect(mayChat(undefined, false)).toBe(false);
  });
});
