// The three legal pages and their sections, in reading order. The texts live in the `legal`
// namespace (one key per section), so every language has exactly the same sections.
export const LEGAL_DOCUMENTS = {
  privacy: ['controller', 'stored', 'why', 'retention', 'consent', 'rights'],
  terms: ['booking', 'prices', 'cancellation', 'weather', 'onboard', 'law'],
  notice: ['owner', 'use', 'liability'],
} as const;

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

export const LEGAL_DOCUMENT_NAMES = Object.keys(LEGAL_DOCUMENTS) as LegalDocument[];

export function isLegalDocument(value: string | undefined): value is LegalDocument {
  return value !== undefined && value in LEGAL_DOCUMENTS;
}

export function legalPath(document: LegalDocument): string {
  return `/legal/${document}`;
}
