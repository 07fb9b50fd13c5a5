import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/auth-context';
import { LandingPage } from '../features/landing/landing-page';
import { PaymentReturnMount } from '../features/checkout/payment-return-mount';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from '../shared/ui/page-loading';

// Everything but the landing page is split out, so the first visit downloads only what it shows.
const BookingPage = lazy(() => import('../features/booking/booking-page'));
const LegalPage = lazy(() => import('../features/legal/legal-page'));
const AdminBoatsPage = lazy(() => import('../features/admin-boats/admin-boats-page'));
const AdminBoatEditorPage = lazy(() => import('../features/admin-boats/admin-boat-editor-page'));
const AdminBookingsPage = lazy(() => import('../features/admin-bookings/admin-bookings-page'));
const AdminMessagesPage = lazy(() => import('../features/admin-messages/admin-messages-page'));

export function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/booking" element={<BookingPage />} />
            <Route path="/booking/:boatId" element={<BookingPage />} />
            <Route path="/boats/:boatId" element={<BookingPage />} />
            <Route path="/legal/:document" element={<LegalPage />} />
            <Route path="/admin/boats" element={<AdminBoatsPage />} />
            <Route path="/admin/boats/new" element={<AdminBoatEditorPage />} />
            <Route path="/admin/boats/edit/:boatId" element={<AdminBoatEditorPage />} />
            <Route path="/admin/bookings" element={<AdminBookingsPage />} />
            <Route path="/admin/messages" element={<AdminMessagesPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
          <PaymentReturnMount />
        </Suspense>
      </AuthProvider>
    </BrowserRouter>
  );
}
