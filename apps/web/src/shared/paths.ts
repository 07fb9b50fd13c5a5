// Every address inside the web app, once (as bulletproof-react's paths config): `path` is the
// route's pattern (app/app.tsx), `getHref` the address a link or a navigation goes to. The
// addresses themselves come from the domain, where the server's e-mails and sitemap read them too.
import {
  adminInvoicePath,
  ADMIN_PATHS,
  legalPath,
  PUBLIC_PATHS,
  type LegalDocument,
} from '@boats/domain/public-paths';

/** The path with the parameters that have a value. */
const withQuery = (path: string, query: Record<string, string | null | undefined>): string => {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] != null),
  ).toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  home: {
    path: PUBLIC_PATHS.home,
    /** The landing page, or one of its sections (`contact`, `fleet`…) by its anchor. */
    getHref: (section?: string) => (section ? `${PUBLIC_PATHS.home}#${section}` : PUBLIC_PATHS.home),
  },
  booking: {
    path: PUBLIC_PATHS.booking,
    /** The booking page; `mode=tickets` opens it on the shared trips. */
    getHref: (query: { mode?: 'tickets' } = {}) => withQuery(PUBLIC_PATHS.booking, query),
  },
  /**
   * A paid booking's confirmation, on the booking page, with its checkout key: the address keeps
   * it so a reload shows the booking again (the id alone opens nothing).
   */
  bookingConfirmation: {
    getHref: (bookingId: string, checkoutKey: string) =>
      withQuery(PUBLIC_PATHS.booking, { booking: bookingId, key: checkoutKey }),
  },
  /** The booking page opened on one boat (the older form of a boat's page). */
  bookingOfBoat: {
    path: `${PUBLIC_PATHS.booking}/:boatId`,
    getHref: (boatId: string) => `${PUBLIC_PATHS.booking}/${encodeURIComponent(boatId)}`,
  },
  /** A boat's own page (the booking page opened on it; the server links it as `boatPath`). */
  boat: { path: `${PUBLIC_PATHS.boats}/:boatId` },
  manageBooking: { path: PUBLIC_PATHS.manageBooking, getHref: () => PUBLIC_PATHS.manageBooking },
  legal: {
    path: `${PUBLIC_PATHS.legal}/:document`,
    getHref: (document: LegalDocument) => legalPath(document),
  },
  listYourBoat: { path: PUBLIC_PATHS.listYourBoat, getHref: () => PUBLIC_PATHS.listYourBoat },
  review: { path: PUBLIC_PATHS.review },
  waitlistConfirm: { path: PUBLIC_PATHS.waitlistConfirm },
  waitlistOffer: { path: PUBLIC_PATHS.waitlistOffer },
  paymentLink: { path: PUBLIC_PATHS.paymentLink },
  gift: { path: PUBLIC_PATHS.gift, getHref: () => PUBLIC_PATHS.gift },
  giftVoucher: {
    path: PUBLIC_PATHS.giftVoucher,
    getHref: (id: string, token: string) => withQuery(PUBLIC_PATHS.giftVoucher, { id, token }),
  },
  resetPassword: { path: PUBLIC_PATHS.resetPassword },
  myData: { path: PUBLIC_PATHS.myData, getHref: () => PUBLIC_PATHS.myData },
  admin: {
    boats: { path: ADMIN_PATHS.boats, getHref: () => ADMIN_PATHS.boats },
    newBoat: { path: `${ADMIN_PATHS.boats}/new`, getHref: () => `${ADMIN_PATHS.boats}/new` },
    editBoat: {
      path: `${ADMIN_PATHS.boats}/edit/:boatId`,
      getHref: (boatId: string) => `${ADMIN_PATHS.boats}/edit/${encodeURIComponent(boatId)}`,
    },
    bookings: { path: ADMIN_PATHS.bookings, getHref: () => ADMIN_PATHS.bookings },
    /** The channel report, from the bookings page. */
    channelReport: {
      path: `${ADMIN_PATHS.bookings}/channels`,
      getHref: () => `${ADMIN_PATHS.bookings}/channels`,
    },
    messages: { path: ADMIN_PATHS.messages, getHref: () => ADMIN_PATHS.messages },
    trips: {
      path: ADMIN_PATHS.trips,
      /** The trips of a day (`YYYY-MM-DD`), or today's. */
      getHref: (date?: string) => withQuery(ADMIN_PATHS.trips, { date }),
    },
    /** One trip's manifest. */
    trip: {
      path: `${ADMIN_PATHS.trips}/:slotId`,
      getHref: (slotId: string) => `${ADMIN_PATHS.trips}/${encodeURIComponent(slotId)}`,
    },
    checkin: {
      path: ADMIN_PATHS.checkin,
      /** Check-in, on one trip when given. */
      getHref: (slotId?: string) => withQuery(ADMIN_PATHS.checkin, { trip: slotId }),
    },
    schedule: { path: ADMIN_PATHS.schedule, getHref: () => ADMIN_PATHS.schedule },
    staff: { path: ADMIN_PATHS.staff, getHref: () => ADMIN_PATHS.staff },
    promoCodes: { path: ADMIN_PATHS.promoCodes, getHref: () => ADMIN_PATHS.promoCodes },
    giftVouchers: { path: ADMIN_PATHS.giftVouchers, getHref: () => ADMIN_PATHS.giftVouchers },
    erasureRequests: { path: ADMIN_PATHS.erasureRequests, getHref: () => ADMIN_PATHS.erasureRequests },
    resellers: { path: ADMIN_PATHS.resellers, getHref: () => ADMIN_PATHS.resellers },
    agents: { path: ADMIN_PATHS.agents, getHref: () => ADMIN_PATHS.agents },
    /** The agent's desk: where an agent lands after signing in. */
    agentDesk: { path: ADMIN_PATHS.agentDesk, getHref: () => ADMIN_PATHS.agentDesk },
    reviews: { path: ADMIN_PATHS.reviews, getHref: () => ADMIN_PATHS.reviews },
    ownerApplications: { path: ADMIN_PATHS.ownerApplications, getHref: () => ADMIN_PATHS.ownerApplications },
    system: { path: ADMIN_PATHS.system, getHref: () => ADMIN_PATHS.system },
    invoicing: { path: ADMIN_PATHS.invoicing, getHref: () => ADMIN_PATHS.invoicing },
    audit: { path: ADMIN_PATHS.audit, getHref: () => ADMIN_PATHS.audit },
    earnings: { path: ADMIN_PATHS.earnings, getHref: () => ADMIN_PATHS.earnings },
    invoice: {
      path: `${ADMIN_PATHS.earnings}/invoices/:invoiceId`,
      getHref: adminInvoicePath,
    },
    /** A customer's invoice issued in the owner's name, printable. */
    customerInvoice: {
      path: `${ADMIN_PATHS.earnings}/customer-invoices/:invoiceId`,
      getHref: (invoiceId: string) =>
        `${ADMIN_PATHS.earnings}/customer-invoices/${encodeURIComponent(invoiceId)}`,
    },
    /** An owner's month statement (`YYYY-MM`); the admin names the owner. */
    statement: {
      path: `${ADMIN_PATHS.earnings}/statement/:month`,
      getHref: (month: string, ownerId?: string | null) =>
        withQuery(`${ADMIN_PATHS.earnings}/statement/${month}`, { ownerId }),
    },
    owners: { path: ADMIN_PATHS.owners, getHref: () => ADMIN_PATHS.owners },
    security: { path: ADMIN_PATHS.security, getHref: () => ADMIN_PATHS.security },
  },
} as const;
