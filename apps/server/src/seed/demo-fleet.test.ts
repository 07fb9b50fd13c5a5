// The demo fleet reads in the visitor's language everywhere it shows: the boat's title and
// description on the site, the meeting point in the Spanish and Russian e-mails.
import { describe, expect, it } from 'vitest';
import { DEMO_FLEET } from './demo-fleet';

describe('the demo fleet', () => {
  it.each(DEMO_FLEET.map((boat) => [boat.slug, boat] as const))(
    '%s has its texts in en, es and ru',
    (_, boat) => {
      for (const lng of ['en', 'es', 'ru'] as const) {
        expect(boat.title[lng]?.trim()).toBeTruthy();
        expect(boat.description[lng]?.trim()).toBeTruthy();
      }
      for (const lng of ['es', 'ru'] as const) {
        const note = boat.harbourI18n.note?.[lng] ?? '';
        expect(note.trim()).toBeTruthy();
        expect(note).not.toBe(boat.geoNote);
      }
    },
  );
});
