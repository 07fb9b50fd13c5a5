import { describe, expect, it } from 'vitest';
import {
  LISTING_ACTIONS,
  LISTING_STATES,
  isOnPublicSite,
  listingActionsFor,
  listingMissing,
  listingStateOf,
  nextListing,
  type ListingAction,
  type ListingFacts,
  type ListingState,
} from './listing-state';

/** Every combination of the five facts (32). */
const ALL_FACTS: ListingFacts[] = Array.from({ length: 32 }, (_, n) => ({
  submitted: Boolean(n & 1),
  approved: Boolean(n & 2),
  paused: Boolean(n & 4),
  suspended: Boolean(n & 8),
  archived: Boolean(n & 16),
}));

const facts = (f: Partial<ListingFacts> = {}): ListingFacts => ({
  submitted: false,
  approved: false,
  paused: false,
  suspended: false,
  archived: false,
  ...f,
});

/** The decided moves by the owner ('o') and the platform admin ('a'), from each state. */
const DECIDED: [ListingState, ListingAction, ListingState | 'previous', string][] = [
  ['draft', 'submit', 'in_review', 'oa'],
  ['in_review', 'withdraw', 'draft', 'o'],
  ['in_review', 'send_back', 'draft', 'a'],
  ['in_review', 'approve', 'live', 'a'],
  ['live', 'pause', 'paused', 'oa'],
  ['paused', 'resume', 'live', 'oa'],
  ['draft', 'suspend', 'suspended', 'a'],
  ['in_review', 'suspend', 'suspended', 'a'],
  ['live', 'suspend', 'suspended', 'a'],
  ['paused', 'suspend', 'suspended', 'a'],
  ['suspended', 'reinstate', 'previous', 'a'],
  ['draft', 'archive', 'archived', 'oa'],
  ['in_review', 'archive', 'archived', 'oa'],
  ['live', 'archive', 'archived', 'oa'],
  ['paused', 'archive', 'archived', 'oa'],
  ['suspended', 'archive', 'archived', 'oa'],
  ['archived', 'restore', 'previous', 'oa'],
];

describe('a listing read from its facts', () => {
  it('puts archived over suspended over the review and the owner’s pause', () => {
    expect(listingStateOf(facts())).toBe('draft');
    expect(listingStateOf(facts({ submitted: true }))).toBe('in_review');
    expect(listingStateOf(facts({ submitted: true, approved: true }))).toBe('live');
    // A boat the platform made (or that predates the review) is approved without a submission.
    expect(listingStateOf(facts({ approved: true }))).toBe('live');
    expect(listingStateOf(facts({ approved: true, paused: true }))).toBe('paused');
    expect(listingStateOf(facts({ approved: true, paused: true, suspended: true }))).toBe('suspended');
    expect(listingStateOf(facts({ suspended: true, archived: true }))).toBe('archived');
  });

  it('shows only live boats to the public', () => {
    expect(LISTING_STATES.filter(isOnPublicSite)).toEqual(['live']);
  });
});

describe('the transition table', () => {
  it('allows exactly the decided moves, by the decided actors, from every combination of facts', () => {
    for (const f of ALL_FACTS) {
      const from = listingStateOf(f);
      for (const action of LISTING_ACTIONS) {
        for (const actor of ['owner', 'admin'] as const) {
          const decided = DECIDED.find(([s, a]) => s === from && a === action);
          const verdict = nextListing(f, action, actor);
          const label = `${from} ${action} by ${actor} (${JSON.stringify(f)})`;
          if (!decided) {
            expect(verdict, label).toEqual({ ok: false, from, reason: 'state' });
            continue;
          }
          if (!decided[3].includes(actor[0]!)) {
            expect(verdict, label).toEqual({ ok: false, from, reason: 'actor' });
            continue;
          }
          expect(verdict.ok, label).toBe(true);
          if (!verdict.ok) continue;
          expect(verdict.from).toBe(from);
          expect(verdict.to, label).toBe(listingStateOf(verdict.facts));
          if (decided[2] !== 'previous') expect(verdict.to, label).toBe(decided[2]);
        }
      }
    }
  });

  it('returns a boat to where it was when a suspension or the archive is lifted', () => {
    for (const f of ALL_FACTS.filter((x) => !x.archived && !x.suspended)) {
      const before = listingStateOf(f);
      const suspended = nextListing(f, 'suspend', 'admin');
      if (suspended.ok) {
        const back = nextListing(suspended.facts, 'reinstate', 'admin');
        expect(back.ok && back.to).toBe(before);
      }
      const archived = nextListing(f, 'archive', 'owner');
      expect(archived.ok).toBe(true);
      if (!archived.ok) continue;
      const restored = nextListing(archived.facts, 'restore', 'owner');
      expect(restored.ok && restored.to).toBe(before);
    }
  });

  it('walks an owner’s boat from draft to live and paused', () => {
    let f = facts();
    for (const [action, actor, to] of [
      ['submit', 'owner', 'in_review'],
      ['approve', 'admin', 'live'],
      ['pause', 'owner', 'paused'],
      ['resume', 'owner', 'live'],
    ] as const) {
      const v = nextListing(f, action, actor);
      expect(v.ok && v.to).toBe(to);
      if (v.ok) f = v.facts;
    }
    // An owner never approves their own boat, nor lifts the platform's suspension.
    expect(nextListing(facts({ submitted: true }), 'approve', 'owner')).toMatchObject({ reason: 'actor' });
    expect(nextListing(facts({ approved: true, suspended: true }), 'reinstate', 'owner')).toMatchObject({
      reason: 'actor',
    });
  });

  it('offers each actor the actions of its state', () => {
    expect(listingActionsFor('draft', 'owner')).toEqual(['submit', 'archive']);
    expect(listingActionsFor('in_review', 'owner')).toEqual(['withdraw', 'archive']);
    expect(listingActionsFor('in_review', 'admin')).toEqual(['send_back', 'approve', 'suspend', 'archive']);
    expect(listingActionsFor('live', 'owner')).toEqual(['pause', 'archive']);
    expect(listingActionsFor('suspended', 'owner')).toEqual(['archive']);
    expect(listingActionsFor('archived', 'admin')).toEqual(['restore']);
  });
});

describe('what a boat needs before review', () => {
  const complete = {
    description: '<p>Two hours along the coast</p>',
    images: ['/media/uploads/a-960.webp'],
    harbour: 'Puerto Colón',
    charterPerHour: 0,
    seatPerHour: 25,
  };

  it('lists what is missing, in the editor’s order', () => {
    expect(listingMissing(complete)).toEqual([]);
    expect(
      listingMissing({ ...complete, images: [], charterPerHour: 0, seatPerHour: 0, description: '<p> </p>' }),
    ).toEqual(['description', 'photos', 'price']);
    expect(listingMissing({ ...complete, harbour: '  ' })).toEqual(['harbour']);
    expect(listingMissing({ ...complete, charterPerHour: 120, seatPerHour: 0 })).toEqual([]);
  });
});
