/**
 * A boat's listing: where it stands for its owner and the platform (docs/back-office.md#listings).
 *
 *   draft ──submit──▶ in_review ──approve──▶ live ◀──resume── paused
 *     ▲                  │                    └─────pause─────▶
 *     └─withdraw/send_back┘
 *   suspended (the platform) and archived (owner or platform) lie over any of them, and lifting
 *   them returns the boat to where it was.
 *
 * The database keeps what happened, as instants (submitted, approved, paused, suspended,
 * archived), and the state is read from them by one precedence (listingStateOf): nothing can
 * store a state its facts contradict, and lifting a suspension needs no memory of what was
 * under it (docs/decisions/0019-a-listing-state-read-from-its-facts.md). Every change goes
 * through the table below (nextListing), on the server and in the buttons the back office offers.
 */

export const LISTING_STATES = ['draft', 'in_review', 'live', 'paused', 'suspended', 'archived'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const LISTING_ACTIONS = [
  'submit',
  'withdraw',
  'send_back',
  'approve',
  'pause',
  'resume',
  'suspend',
  'reinstate',
  'archive',
  'restore',
] as const;
export type ListingAction = (typeof LISTING_ACTIONS)[number];

/** Who may take a listing action: the platform admin, or the boat's owner. */
export type ListingActor = 'admin' | 'owner';

/** What the database keeps of a listing: whether each fact holds (its instant is set). */
export type ListingFacts = {
  submitted: boolean;
  approved: boolean;
  paused: boolean;
  suspended: boolean;
  archived: boolean;
};

/** The state the facts say, by precedence: archived, suspended, then the owner's and the review's. */
export function listingStateOf(facts: ListingFacts): ListingState {
  if (facts.archived) return 'archived';
  if (facts.suspended) return 'suspended';
  if (!facts.approved) return facts.submitted ? 'in_review' : 'draft';
  return facts.paused ? 'paused' : 'live';
}

/** 'previous': lifting an overlay returns the boat to the state its other facts say. */
type Target = ListingState | 'previous';

/** THE table: per action, the states it starts from, where it leads, who may take it, the fact it sets. */
export const LISTING_TRANSITIONS: Record<
  ListingAction,
  { from: readonly ListingState[]; to: Target; by: readonly ListingActor[]; sets: Partial<ListingFacts> }
> = {
  submit: { from: ['draft'], to: 'in_review', by: ['owner', 'admin'], sets: { submitted: true } },
  withdraw: { from: ['in_review'], to: 'draft', by: ['owner'], sets: { submitted: false } },
  send_back: { from: ['in_review'], to: 'draft', by: ['admin'], sets: { submitted: false } },
  approve: { from: ['in_review'], to: 'live', by: ['admin'], sets: { approved: true, paused: false } },
  pause: { from: ['live'], to: 'paused', by: ['owner', 'admin'], sets: { paused: true } },
  resume: { from: ['paused'], to: 'live', by: ['owner', 'admin'], sets: { paused: false } },
  suspend: {
    from: ['draft', 'in_review', 'live', 'paused'],
    to: 'suspended',
    by: ['admin'],
    sets: { suspended: true },
  },
  reinstate: { from: ['suspended'], to: 'previous', by: ['admin'], sets: { suspended: false } },
  archive: {
    from: ['draft', 'in_review', 'live', 'paused', 'suspended'],
    to: 'archived',
    by: ['owner', 'admin'],
    sets: { archived: true },
  },
  restore: { from: ['archived'], to: 'previous', by: ['owner', 'admin'], sets: { archived: false } },
};

/** Why an action was refused: not from this state, or not by this actor. */
export type ListingRefusal = 'state' | 'actor';

export type ListingVerdict =
  | { ok: true; from: ListingState; to: ListingState; facts: ListingFacts }
  | { ok: false; from: ListingState; reason: ListingRefusal };

/** The action on these facts by this actor: refused, or the facts and state it leads to. */
export function nextListing(facts: ListingFacts, action: ListingAction, actor: ListingActor): ListingVerdict {
  const from = listingStateOf(facts);
  const rule = LISTING_TRANSITIONS[action];
  if (!rule.from.includes(from)) return { ok: false, from, reason: 'state' };
  if (!rule.by.includes(actor)) return { ok: false, from, reason: 'actor' };
  const next = { ...facts, ...rule.sets };
  return { ok: true, from, to: listingStateOf(next), facts: next };
}

/** The actions the back office offers this actor on a boat in this state, in the table's order. */
export function listingActionsFor(state: ListingState, actor: ListingActor): ListingAction[] {
  return LISTING_ACTIONS.filter(
    (a) => LISTING_TRANSITIONS[a].from.includes(state) && LISTING_TRANSITIONS[a].by.includes(actor),
  );
}

/** Only live boats are on the public site (catalogue, sitemap, a boat's page, checkout). */
export function isOnPublicSite(state: ListingState): boolean {
  return state === 'live';
}

/** What a boat must have before the platform reviews it or it goes live, in the order the editor lists them. */
export const LISTING_REQUIREMENTS = ['description', 'photos', 'harbour', 'price'] as const;
export type ListingRequirement = (typeof LISTING_REQUIREMENTS)[number];

/** A boat as far as its completeness goes; prices in any unit (only > 0 counts). */
export type ListingContent = {
  description: string;
  images: readonly string[];
  harbour: string;
  charterPerHour: number;
  seatPerHour: number;
};

/** What is still missing for a review (submit) and for going live (approve): none when complete. */
export function listingMissing(boat: ListingContent): ListingRequirement[] {
  const missing = {
    // The English text is the fallback every language shows, so it is the one that must exist.
    description: boat.description.replace(/<[^>]*>/g, '').trim() === '',
    photos: boat.images.length === 0,
    harbour: boat.harbour.trim() === '',
    price: !(boat.charterPerHour > 0) && !(boat.seatPerHour > 0),
  } satisfies Record<ListingRequirement, boolean>;
  return LISTING_REQUIREMENTS.filter((r) => missing[r]);
}

/** Actions that need a complete boat. */
export function needsCompleteBoat(action: ListingAction): boolean {
  return action === 'submit' || action === 'approve';
}
