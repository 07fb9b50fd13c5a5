import { Suspense, useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
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
import { AdminBookingsPage, ChannelReportPage } from '../features/admin-bookings';
import { AdminMessagesPage } from '../features/admin-messages';
import { SchedulePage } from '../features/admin-schedule';
import { CheckinPage, ManifestPage, TripsPage } from '../features/trips';
import { AdminStaffPage } from '../features/admin-staff';
import { AccountSecurityPage } from '../features/account-security';
import { AdminPromoCodesPage } from '../features/admin-promo-codes';
import { ResetPasswordPage } from '../features/password-reset';
import { MyDataPage } from '../features/data-rights';
import { LegalPage } from '../features/legal';
import { ManageBookingPage } from '../features/manage-booking';
import { AdminReviewsPage, ReviewPage } from '../features/reviews';
import { ListYourBoatPage } from '../features/list-your-boat';
import { WaitlistConfirmPage, WaitlistOfferPage } from '../features/waitlist';
import { PaymentLinkPage } from '../features/payment-link';
import { AdminOwnerApplicationsPage } from '../features/admin-owner-applications';
import { AdminSystemPage } from '../features/admin-system';
import { AdminInvoicingPage } from '../features/admin-invoicing';
import { AdminAuditPage } from '../features/admin-audit';
import {
  CustomerInvoicePage,
  InvoicePage,
  OwnerEarningsPage,
  StatementPage,
} from '../features/owner-earnings';
import { AdminOwnersPage } from '../features/admin-owners';
import { GiftPage, GiftVoucherPage } from '../features/gift-vouchers';
import { AdminGiftVouchersPage } from '../features/admin-gift-vouchers';
import { AdminErasureRequestsPage } from '../features/admin-erasure-requests';
import { AdminResellersPage } from '../features/admin-resellers';
import { AdminAgentsPage } from '../features/admin-agents';
import { AgentDeskPage } from '../features/agent-desk';
import { paths } from '../shared/paths';

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
          <Route path={paths.home.path} element={<LandingPage />} />
          <Route path={paths.booking.path} element={<BookingPage />} />
          <Route path={paths.manageBooking.path} element={<ManageBookingPage />} />
          <Route path={paths.bookingOfBoat.path} element={<BookingPage />} />
          <Route path={paths.boat.path} element={<BookingPage />} />
          <Route path={paths.legal.path} element={<LegalPage />} />
          <Route path={paths.review.path} element={<ReviewPage />} />
          <Route path={paths.waitlistConfirm.path} element={<WaitlistConfirmPage />} />
          <Route path={paths.waitlistOffer.path} element={<WaitlistOfferPage />} />
          <Route path={paths.paymentLink.path} element={<PaymentLinkPage />} />
          <Route path={paths.gift.path} element={<GiftPage />} />
          <Route path={paths.giftVoucher.path} element={<GiftVoucherPage />} />
          <Route path={paths.admin.boats.path} element={<AdminBoatsPage />} />
          <Route path={paths.admin.newBoat.path} element={<AdminBoatEditorPage />} />
          <Route path={paths.admin.editBoat.path} element={<AdminBoatEditorPage />} />
          <Route path={paths.admin.bookings.path} element={<AdminBookingsPage />} />
          <Route path={paths.admin.channelReport.path} element={<ChannelReportPage />} />
          <Route path={paths.admin.messages.path} element={<AdminMessagesPage />} />
          <Route path={paths.admin.trips.path} element={<TripsPage />} />
          <Route path={paths.admin.trip.path} element={<ManifestPage />} />
          <Route path={paths.admin.checkin.path} element={<CheckinPage />} />
          <Route path={paths.admin.schedule.path} element={<SchedulePage />} />
          <Route path={paths.admin.staff.path} element={<AdminStaffPage />} />
          <Route path={paths.admin.promoCodes.path} element={<AdminPromoCodesPage />} />
          <Route path={paths.admin.giftVouchers.path} element={<AdminGiftVouchersPage />} />
          <Route path={paths.admin.erasureRequests.path} element={<AdminErasureRequestsPage />} />
          <Route path={paths.admin.resellers.path} element={<AdminResellersPage />} />
          <Route path={paths.admin.agents.path} element={<AdminAgentsPage />} />
          <Route path={paths.admin.agentDesk.path} element={<AgentDeskPage />} />
          <Route path={paths.admin.reviews.path} element={<AdminReviewsPage />} />
          <Route path={paths.admin.ownerApplications.path} element={<AdminOwnerApplicationsPage />} />
          <Route path={paths.admin.system.path} element={<AdminSystemPage />} />
          <Route path={paths.admin.invoicing.path} element={<AdminInvoicingPage />} />
          <Route path={paths.admin.audit.path} element={<AdminAuditPage />} />
          <Route path={paths.admin.earnings.path} element={<OwnerEarningsPage />} />
          <Route path={paths.admin.invoice.path} element={<InvoicePage />} />
          <Route path={paths.admin.customerInvoice.path} element={<CustomerInvoicePage />} />
          <Route path={paths.admin.statement.path} element={<StatementPage />} />
          <Route path={paths.admin.owners.path} element={<AdminOwnersPage />} />
          <Route path={paths.admin.security.path} element={<AccountSecurityPage />} />
          <Route path={paths.listYourBoat.path} element={<ListYourBoatPage />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordPage />} />
          <Route path={paths.myData.path} element={<MyDataPage />} />
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
