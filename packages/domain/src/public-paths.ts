/**
 * The site's addresses, once: the web app's routes and links (apps/web/src/shared/paths.ts), the
 * pages drawn at build time (apps/web/scripts/prerender.ts), the links the server writes into
 * e-mails, and the sitemap (apps/server/src/modules/seo/sitemap.ts) read them here.
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
  waitlistConfirm: '/waitlist/confirm',
  waitlistOffer: '/waitlist/offer',
  paymentLink: '/pay',
  gift: '/gift',
  giftVoucher: '/gift/voucher',
  resetPassword: '/reset-password',
  /** Download or erase what is held under an e-mail address (the link e-mailed to it). */
  myData: '/my-data',
} as const;

/** The back office's pages (the links in operators' and owners' e-mails lead here too). */
export const ADMIN_PATHS = {
  boats: '/admin/boats',
  bookings: '/admin/bookings',
  messages: '/admin/messages',
  trips: '/admin/trips',
  checkin: '/admin/checkin',
  schedule: '/admin/schedule',
  staff: '/admin/staff',
  promoCodes: '/admin/promo-codes',
  giftVouchers: '/admin/gift-vouchers',
  erasureRequests: '/admin/erasure-requests',
  resellers: '/admin/resellers',
  agents: '/admin/agents',
  agentDesk: '/admin/desk',
  reviews: '/admin/reviews',
  ownerApplications: '/admin/owner-applications',
  system: '/admin/system',
  invoicing: '/admin/invoicing',
  audit: '/admin/audit',
  earnings: '/admin/earnings',
  owners: '/admin/owners',
  security: '/admin/security',
} as const;

/** The bookings waiting for the operator's answer (request to book), as the e-mails link them. */
export const REQUESTED_BOOKINGS_PATH = `${ADMIN_PATHS.bookings}?status=requested`;

/** An owner's commission invoice in the back office. */
export function adminInvoicePath(invoiceId: string): string {
  return `${ADMIN_PATHS.earnings}/invoices/${encodeURIComponent(invoiceId)}`;
}

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
 * confirmation or offer, a payment link) and review-link pages are nobody's search result.
 */
export const INDEXED_PATHS: readonly string[] = [
  PUBLIC_PATHS.home,
  PUBLIC_PATHS.booking,
  PUBLIC_PATHS.listYourBoat,
  ...LEGAL_DOCUMENTS.map(legalPath),
];
