import { describe, expect, it } from 'vitest';
import { declarationItems, type DeclarationFacts } from './declaracion-responsable';

const facts: DeclarationFacts = {
  systemName: 'Tenerife Boats',
  systemId: 'TB',
  version: '1.4.0',
  producerName: 'AD Boat Rental S.L.',
  producerNif: 'B76543217',
  producerAddress: 'Calle del Puerto 1, 38650 Los Cristianos, España',
  signed: { date: '2026-12-15', place: 'Santa Cruz de Tenerife, España' },
};

describe('the declaración responsable', () => {
  it('states items a to l of Orden HAC/1177/2024 art. 15.1, in its order, from the system’s identity', () => {
    const items = declarationItems(facts);
    expect(items.map((i) => i.letter)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']);
    const value = (letter: string) => items.find((i) => i.letter === letter)!.value;
    expect([value('a'), value('b'), value('c'), value('h'), value('i'), value('j')]).toEqual([
      'Tenerife Boats',
      'TB',
      '1.4.0',
      'AD Boat Rental S.L.',
      'B76543217',
      'Calle del Puerto 1, 38650 Los Cristianos, España',
    ]);
    expect(value('e')).toBe('S');
    expect(value('k')).toContain('en la versión 1.4.0, cumple con lo dispuesto en el artículo 29.2.j)');
    // Day, month and year, in that order, then the place.
    expect(value('l')).toBe('15-12-2026, Santa Cruz de Tenerife, España');
  });

  it('says it awaits signing until the producer signs this version’s', () => {
    expect(declarationItems({ ...facts, signed: null }).at(-1)).toMatchObject({
      letter: 'l',
      value: 'Pendiente de firma',
    });
  });
});
