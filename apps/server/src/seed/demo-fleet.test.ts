// The demo fleet reads in the visitor's language everywhere it shows: the boat's title and
// description on the site, the meeting point in the e-mails.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, TRANSLATED_LANGUAGES } from '@boats/domain/languages';
import { DEMO_FLEET } from './demo-fleet';

describe('the demo fleet', () => {
  it.each(DEMO_FLEET.map((boat) => [boat.slug, boat] as const))(
    '%s has its texts in every language',
    (_, boat) => {
      for (const lng of LANGUAGES) {
        expect(boat.title[lng]?.trim()).toBeTruthy();
        expect(boat.description[lng]?.trim()).toBeTruthy();
      }
      for (const lng of TRANSLATED_LANGUAGES) {
        const note = boat.harbourI18n.note?.[lng] ?? '';
        expect(note.trim()).toBeTruthy();
        expect(note).not.toBe(boat.geoNote);
      }
    },
  );
});
