import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LandingPage } from '../features/landing';
import { PaymentReturnMount } from '../features/checkout';
import { NotFoundPage } from './not-found-page';
import { createQueryClient } from '../shared/api/query-client';
import { PageLoading } from '../shared/ui/page-loading';

// Everything but the landing page is split out, so the first visit downloads only what it shows.
// Each feature's entry (index.ts) exports its pages already wrapped in lazy().
import { BookingPage } from '../features/booking';
import { AdminBoatEditorPage, AdminBoatsPage } from '../features/admin-boats';
import { AdminBookingsPage } from '../features/admin-bookings';
import { AdminMessagesPage } from '../features/admin-messages';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/booking" element={<BookingPage />} />
            <Route path="/booking/:boatId" element={<BookingPage />} />
            <Route path="/boats/:boatId" element={<BookingPage />} />
            <Route path="/admin/boats" element={<AdminBoatsPage />} />
            <Route path="/admin/boats/new" element={<AdminBoatEditorPage />} />
            <Route path="/admin/boats/edit/:boatId" element={<AdminBoatEditorPage />} />
            <Route path="/admin/bookings" element={<AdminBookingsPage />} />
            <Route path="/admin/messages" element={<AdminMessagesPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
          <PaymentReturnMount />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
