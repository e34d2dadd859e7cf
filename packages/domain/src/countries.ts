/**
 * The countries an address may name: the ISO 3166-1 alpha-2 codes in use, and XK (Kosovo, a code in common use that
 * ISO leaves to its users). Names are never stored: each reader's browser names them in their own language
 * (Intl.DisplayNames), so the list is the codes alone.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
  'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
  'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
  'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
  'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS XK YE YT ZA ZM ZW '
)
  .trim()
  .split(' ');

const known = new Set(COUNTRY_CODES);

/** Names people write for a country that are not its English name. */
const ALIASES: Readonly<Record<string, string>> = {
  USA: 'US',
  'UNITED STATES OF AMERICA': 'US',
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
  'NORTHERN IRELAND': 'GB',
};

let byEnglishName: Map<string, string> | null = null;

/**
 * The code of a country written as its code (any case), its English name ("Sweden") or a common other name ("UK"),
 * or null when the text names no country of the list. Clients that send names keep working; addresses store codes.
 */
export function countryCodeOf(text: string): string | null {
  const key = text.trim().toUpperCase();
  if (known.has(key)) return key;
  if (ALIASES[key]) return ALIASES[key];
  byEnglishName ??= new Map(COUNTRY_CODES.map((code) => [countryName(code, 'en').toUpperCase(), code]));
  return byEnglishName.get(key) ?? null;
}

/** The country's name in the reader's language ("United Kingdom" for GB in English), or the code if unnamed. */
export function countryName(code: string, locale?: string): string {
  try {
    return new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
