import Papa from 'papaparse';
import { z } from 'zod';
import { EMAIL_MESSAGES, type InvitationParseResult, type InvitationRow } from '@casting/domain';

const emailCheck = z.email();
const oneLine = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, '');

const EMAIL_HEADERS = ['email', 'emailaddress', 'mail'];
const FIRST_HEADERS = ['firstname', 'first', 'givenname'];
const LAST_HEADERS = ['lastname', 'last', 'surname', 'familyname'];
const NAME_HEADERS = ['name', 'fullname'];

type Candidate = { line: number; value: string; email: string; firstName: string; lastName: string };

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = oneLine(name).split(' ').filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** A pasted list: addresses separated by lines, commas or semicolons, each bare or as `Name <address>`. */
function fromList(text: string): Candidate[] {
  const found: Candidate[] = [];
  text.split(/\r\n?|\n/).forEach((lineText, index) => {
    for (const raw of lineText.split(/[,;]/)) {
      const value = raw.trim();
      if (!value) continue;
      const named = /^(.*)<([^<>]+)>$/.exec(value);
      const email = (named ? named[2]! : value).trim().toLowerCase();
      const names = named ? splitName(named[1]!.replace(/["']/g, '')) : { firstName: '', lastName: '' };
      found.push({ line: index + 1, value, email, ...names });
    }
  });
  return found;
}

/**
 * A CSV file with a header row, read by papaparse (quoted fields, commas and line breaks inside quotes, a BOM, any
 * usual delimiter). The address is the column named email (or e-mail, email address); names come from first/last
 * name columns or one name column.
 */
function fromCsv(text: string): Candidate[] | { error: string } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => headerKey(header),
  });
  const fields = parsed.meta.fields ?? [];
  const pick = (names: string[]) => fields.find((field) => names.includes(field));
  const emailField = pick(EMAIL_HEADERS);
  if (!emailField) return { error: EMAIL_MESSAGES.noEmailColumn };
  const firstField = pick(FIRST_HEADERS);
  const lastField = pick(LAST_HEADERS);
  const nameField = pick(NAME_HEADERS);
  return parsed.data.map((row, index) => {
    const value = (row[emailField] ?? '').trim();
    const names =
      firstField || lastField
        ? {
            firstName: oneLine(firstField ? row[firstField] : ''),
            lastName: oneLine(lastField ? row[lastField] : ''),
          }
        : splitName(nameField ? (row[nameField] ?? '') : '');
    // Line numbers as a spreadsheet shows them: the header is line 1.
    return { line: index + 2, value, email: value.toLowerCase(), ...names };
  });
}

/**
 * Sorts the people of a pasted list or CSV file into valid rows, invalid ones (with the reason) and repeats of an
 * address already listed above. `alreadyInvited` is filled by the caller, which knows the opportunity.
 */
export function parseInvitees(
  text: string,
  format: 'LIST' | 'CSV',
): InvitationParseResult | { error: string } {
  const candidates = format === 'CSV' ? fromCsv(text) : fromList(text);
  if ('error' in candidates) return candidates;
  const result: InvitationParseResult = { valid: [], invalid: [], duplicates: [], alreadyInvited: [] };
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const row: InvitationRow = {
      line: candidate.line,
      email: candidate.email,
      firstName: candidate.firstName,
      lastName: candidate.lastName,
    };
    if (!candidate.email || candidate.email.length > 254 || !emailCheck.safeParse(candidate.email).success) {
      result.invalid.push({
        line: candidate.line,
        value: candidate.value.slice(0, 300),
        reason: candidate.email ? EMAIL_MESSAGES.invalidEmail : 'No e-mail address',
      });
    } else if (seen.has(candidate.email)) {
      result.duplicates.push(row);
    } else {
      seen.add(candidate.email);
      result.valid.push(row);
    }
  }
  return result;
}
