/**
 * The public site's addresses, once: the web app's routes (apps/web/src/app/app.tsx), the pages
 * drawn at build time (apps/web/scripts/prerender.ts), the links the server writes into e-mails,
 * and the sitemap (apps/server/src/modules/seo/page-urls.ts) read them here.
 */

export const PUBLIC_PATHS = {
  home: '/',
  booking: '/booking',
  manageBooking: '/booking/manage',
  /** A boat's own page: boatPath. */
  boats: '/boats',
  /** The legal pages: legalPath. */
  legal: '/legal',
  listYourBoat: '/list-your-boat',
  review: '/review',
  waitlistOffer: '/waitlist/offer',
  paymentLink: '/pay',
  gift: '/gift',
  giftVoucher: '/gift/voucher',
  resetPassword: '/reset-password',
} as const;

/** The legal pages, in the order the site lists them. */
export const LEGAL_DOCUMENTS = ['privacy', 'terms', 'notice'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export function isLegalDocument(value: string | undefined): value is LegalDocument {
  return (LEGAL_DOCUMENTS as readonly (string | undefined)[]).includes(value);
}

export function legalPath(document: LegalDocument): string {
  return `${PUBLIC_PATHS.legal}/${document}`;
}

/** A boat's own page (the booking page opened on it). */
export function boatPath(boatId: string): string {
  return `${PUBLIC_PATHS.boats}/${boatId}`;
}

/**
 * The pages other than the boats' that search engines are given, each with its language
 * alternates. Sign-in, back-office, booking-link (manage my booking, a confirmation, a waitlist
 * offer, a payment link) and review-link pages are nobody's search result.
 */
export const INDEXED_PATHS: readonly string[] = [
  PUBLIC_PATHS.home,
  PUBLIC_PATHS.booking,
  PUBLIC_PATHS.listYourBoat,
  ...LEGAL_DOCUMENTS.map(legalPath),
];
