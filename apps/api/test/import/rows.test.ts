import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, MESSAGES } from '@casting/domain';
import { assertMapping, checkRow, duplicatesInFile, suggestMapping } from '../../src/modules/import/rows';

const target = { type: 'ROSTER' } as const;
const mapping = { firstName: 0, lastName: 1, email: 2, dateOfBirth: 3, skills: 4 };
const row = (rowNumber: number, ...cells: string[]) => ({ rowNumber, cells });

describe('import rows', () => {
  it('suggests a mapping from common header spellings, accents and spacing ignored', () => {
    expect(suggestMapping(['Prénom', 'Nom', 'E-Mail Address', 'D.O.B', 'Mobile', 'Headshots'])).toEqual({
      firstName: 0,
      lastName: 1,
      email: 2,
      phone: 4,
      dateOfBirth: 3,
      media: 5,
    });
  });

  it('refuses a mapping without the names, out of range, or with a column twice', () => {
    expect(() => assertMapping({ firstName: 0 }, 2)).toThrow(
      IMPORT_MESSAGES.missingRequiredColumn('Last name'),
    );
    expect(() => assertMapping({ firstName: 0, lastName: 5 }, 2)).toThrow(IMPORT_MESSAGES.columnOutOfRange);
    expect(() => assertMapping({ firstName: 0, lastName: 0 }, 2)).toThrow(IMPORT_MESSAGES.columnUsedTwice);
  });

  it.each([
    ['1990-04-12', '1990-04-12'],
    ['12/04/1990', '1990-04-12'],
    ['2.4.1990', '1990-04-02'],
  ])('reads the date %s as %s', (typed, iso) => {
    const checked = checkRow(row(2, 'A', 'B', '', typed), mapping, target);
    expect(checked.ok && checked.person.dateOfBirth).toBe(iso);
  });

  it('splits lists, lower-cases e-mails and names every failing field by its label', () => {
    const good = checkRow(
      row(2, ' Zoë ', 'Ñúñez', 'ZOE@Example.COM', '', 'Dance; Singing,Stage combat'),
      mapping,
      target,
    );
    expect(good).toMatchObject({
      ok: true,
      name: 'Zoë Ñúñez',
      person: { firstName: 'Zoë', email: 'zoe@example.com', skills: ['Dance', 'Singing', 'Stage combat'] },
    });
    const bad = checkRow(row(3, '', 'X', 'nope', '31/02/1990'), mapping, target);
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.reason).toContain(`First name: ${MESSAGES.nameRequired}`);
    expect(!bad.ok && bad.reason).toContain(`E-mail: ${MESSAGES.invalidEmailAddress}`);
    expect(!bad.ok && bad.reason).toContain('Date of birth:');
  });

  it('finds the same person by e-mail, or by name and birth date when one has no e-mail; twins with two e-mails are two', () => {
    const rows = [
      row(2, 'Ana', 'Lima', 'ana@example.com', '1990-01-01'),
      row(3, 'ANA', 'LIMA', 'Ana@example.com', ''),
      row(4, 'Ána', 'Lima', '', '1990-01-01'),
      row(5, 'Ana', 'Lima', 'ana.twin@example.com', '1990-01-01'),
      row(6, 'Bo', 'Berg', '', ''),
      row(7, 'Bo', 'Berg', '', ''),
    ].map((r) => ({ rowNumber: r.rowNumber, check: checkRow(r, mapping, target) }));
    expect([...duplicatesInFile(rows)]).toEqual([
      [3, 2],
      [4, 2],
    ]);
  });
});
