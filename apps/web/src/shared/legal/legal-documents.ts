// The sections of each legal page (the domain's LEGAL_DOCUMENTS), in reading order. The texts
// live in the `legal` namespace (one key per section), so every language has exactly the same
// sections.
import type { LegalDocument } from '@boats/domain/public-paths';

export const LEGAL_SECTIONS = {
  privacy: ['controller', 'stored', 'why', 'retention', 'consent', 'rights'],
  terms: ['booking', 'prices', 'cancellation', 'weather', 'onboard', 'law'],
  notice: ['owner', 'use', 'liability'],
} as const satisfies Record<LegalDocument, readonly string[]>;
