/**
 * The stored names of private photos (a skipper's licence, a mark on a hull): never served at
 * /media/uploads, only to the booking's customer, its owner's staff and the platform
 * (docs/decisions/0039).
 */
export const EVIDENCE_PREFIX = 'evidence-';
/** A private photo's name as a pattern (no anchors): the prefix and a random uuid. */
export const EVIDENCE_PHOTO_PATTERN = `${EVIDENCE_PREFIX}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`;
