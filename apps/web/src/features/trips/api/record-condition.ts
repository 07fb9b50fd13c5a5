// PUT /api/crew/bookings/{id}/self-drive/condition/{phase}: the boat's condition at departure or
// return, signed by the customer (its photos uploaded first: uploadEvidencePhoto).
import {
  bookingConditionSchema,
  type BookingCondition,
  type ConditionPhase,
  type ConditionReportInput,
} from '@boats/domain/schemas/condition';
import { adminFetch } from '../../../shared/auth/admin-fetch';

export function sendCondition(
  bookingId: string,
  phase: ConditionPhase,
  report: ConditionReportInput,
  signal?: AbortSignal,
): Promise<BookingCondition> {
  return adminFetch(`/api/crew/bookings/${encodeURIComponent(bookingId)}/self-drive/condition/${phase}`, {
    method: 'PUT',
    body: report,
    schema: bookingConditionSchema,
    signal,
  });
}
