/**
 * Spanish tax ids of an owner (docs/back-office.md#owners): a person's NIF (DNI number + letter),
 * a foreigner's NIE (X/Y/Z + 7 digits + letter) or a company's CIF (organisation letter + 7
 * digits + control digit or letter). Each carries a check character computed from its digits,
 * so a mistyped id is caught where it is typed, not by the tax office months later.
 */

export type TaxIdKind = 'nif' | 'nie' | 'cif';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';

/** Upper case without spaces, dots or dashes: ' b-12.345.674 ' → 'B12345674'. */
export function normalizeTaxId(raw: string): string {
  return raw.replace(/[\s.-]/g, '').toUpperCase();
}

function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23] ?? '';
}

function cifControlDigit(digits: string): number {
  let sum = 0;
  for (const [index, char] of [...digits].entries()) {
    const n = Number(char);
    if (index % 2 === 0) {
      const doubled = n * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += n;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** The kind of a valid tax id (normalised first), or undefined when it is not one. */
export function spanishTaxIdKind(raw: string): TaxIdKind | undefined {
  const id = normalizeTaxId(raw);
  const nif = /^(\d{8})([A-Z])$/.exec(id);
  if (nif) return dniLetter(nif[1] as string) === nif[2] ? 'nif' : undefined;
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (nie) {
    const digits = `${'XYZ'.indexOf(nie[1] as string)}${nie[2] as string}`;
    return dniLetter(digits) === nie[3] ? 'nie' : undefined;
  }
  const cif = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (cif) {
    const [, letter, digits, control] = cif as unknown as [string, string, string, string];
    const digit = cifControlDigit(digits);
    // Some organisations take a letter, some a digit, the rest either (Agencia Tributaria).
    const wantsLetter = 'KPQRSNW'.includes(letter);
    const wantsDigit = 'ABEH'.includes(letter);
    const asLetter = CIF_CONTROL_LETTERS[digit];
    const ok = (control === String(digit) && !wantsLetter) || (control === asLetter && !wantsDigit);
    return ok ? 'cif' : undefined;
  }
  return undefined;
}

export function isSpanishTaxId(raw: string): boolean {
  return spanishTaxIdKind(raw) !== undefined;
}
