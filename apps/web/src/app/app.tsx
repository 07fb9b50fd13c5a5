import { Suspense, useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PUBLIC_PATHS } from '@boats/domain/public-paths';
import { LandingPage } from './landing';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { ScrollToTopOnNewPage } from './scroll-to-top';
import { createQueryClient } from '../shared/api/query-client';
import { PageLoading } from '../shared/ui/page-loading';
import { TestBookingsBanner } from './test-bookings-banner';

// Everything but the landing page is split out, so the first visit downloads only what it shows.
// Each feature's entry (index.ts) exports its pages already wrapped in lazy().
import { BookingPage } from '../features/booking';
import { AdminBoatEditorPage, AdminBoatsPage } from '../features/admin-boats';
import { AdminBookingsPage } from '../features/admin-bookings';
import { AdminMessagesPage } from '../features/admin-messages';
import { SchedulePage } from '../features/admin-schedule';
import { CheckinPage, ManifestPage, TripsPage } from '../features/trips';
import { AdminStaffPage } from '../features/admin-staff';
import { AdminPromoCodesPage } from '../features/admin-promo-codes';
import { ResetPasswordPage } from '../features/password-reset';
import { LegalPage } from '../features/legal';
import { ManageBookingPage } from '../features/manage-booking';
import { AdminReviewsPage, ReviewPage } from '../features/reviews';
import { ListYourBoatPage } from '../features/list-your-boat';
import { WaitlistOfferPage } from '../features/waitlist';
import { PaymentLinkPage } from '../features/payment-link';
import { AdminOwnerApplicationsPage } from '../features/admin-owner-applications';
import { AdminSystemPage } from '../features/admin-system';
import { InvoicePage, OwnerEarningsPage, StatementPage } from '../features/owner-earnings';
import { AdminOwnersPage } from '../features/admin-owners';
import { GiftPage, GiftVoucherPage } from '../features/gift-vouchers';
import { AdminGiftVouchersPage } from '../features/admin-gift-vouchers';

type AppProps = {
  /** One holding the data a page was drawn with. */
  queryClient?: QueryClient | undefined;
  /**
   * The page came with the test-bookings banner (PAYMENTS=sandbox): drawn first, where the server
   * wrote it (app/test-bookings-banner.tsx). The server's renders leave it out; the server adds it.
   */
  testBookings?: boolean | undefined;
};

/** The app in the browser. */
export function App({ queryClient, testBookings }: AppProps) {
  return (
    <BrowserRouter>
      <AppRoutes queryClient={queryClient} testBookings={testBookings} />
    </BrowserRouter>
  );
}

/** Every page, inside whichever router the caller gives: the browser's, or the server's. */
export function AppRoutes({ queryClient: given, testBookings = false }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTopOnNewPage />
      {testBookings && <TestBookingsBanner />}
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path={PUBLIC_PATHS.home} element={<LandingPage />} />
          <Route path={PUBLIC_PATHS.booking} element={<BookingPage />} />
          <Route path={PUBLIC_PATHS.manageBooking} element={<ManageBookingPage />} />
          <Route path={`${PUBLIC_PATHS.booking}/:boatId`} element={<BookingPage />} />
          <Route path={`${PUBLIC_PATHS.boats}/:boatId`} element={<BookingPage />} />
          <Route path={`${PUBLIC_PATHS.legal}/:document`} element={<LegalPage />} />
          <Route path={PUBLIC_PATHS.review} element={<ReviewPage />} />
          <Route path={PUBLIC_PATHS.waitlistOffer} element={<WaitlistOfferPage />} />
          <Route path={PUBLIC_PATHS.paymentLink} element={<PaymentLinkPage />} />
          <Route path={PUBLIC_PATHS.gift} element={<GiftPage />} />
          <Route path={PUBLIC_PATHS.giftVoucher} element={<GiftVoucherPage />} />
          <Route path="/admin/boats" element={<AdminBoatsPage />} />
          <Route path="/admin/boats/new" element={<AdminBoatEditorPage />} />
          <Route path="/admin/boats/edit/:boatId" element={<AdminBoatEditorPage />} />
          <Route path="/admin/bookings" element={<AdminBookingsPage />} />
          <Route path="/admin/messages" element={<AdminMessagesPage />} />
          <Route path="/admin/trips" element={<TripsPage />} />
          <Route path="/admin/trips/:slotId" element={<ManifestPage />} />
          <Route path="/admin/checkin" element={<CheckinPage />} />
          <Route path="/admin/schedule" element={<SchedulePage />} />
          <Route path="/admin/staff" element={<AdminStaffPage />} />
          <Route path="/admin/promo-codes" element={<AdminPromoCodesPage />} />
          <Route path="/admin/gift-vouchers" element={<AdminGiftVouchersPage />} />
          <Route path="/admin/reviews" element={<AdminReviewsPage />} />
          <Route path="/admin/owner-applications" element={<AdminOwnerApplicationsPage />} />
          <Route path="/admin/system" element={<AdminSystemPage />} />
          <Route path="/admin/earnings" element={<OwnerEarningsPage />} />
          <Route path="/admin/earnings/invoices/:invoiceId" element={<InvoicePage />} />
          <Route path="/admin/earnings/statement/:month" element={<StatementPage />} />
          <Route path="/admin/owners" element={<AdminOwnersPage />} />
          <Route path={PUBLIC_PATHS.listYourBoat} element={<ListYourBoatPage />} />
          <Route path={PUBLIC_PATHS.resetPassword} element={<ResetPasswordPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <TakesTaps />
      </Suspense>
    </QueryClientProvider>
  );
}

/**
 * The page takes taps from now on (styles/global.css held them while the app loaded). Inside the
 * routes' Suspense boundary, so this runs only once the page itself is hydrated, not merely the
 * shell around it while the page still waits for its code or its texts.
 */
function TakesTaps() {
  useEffect(() => document.documentElement.classList.remove('booting'), []);
  return null;
}
