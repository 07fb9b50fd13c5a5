// The server holds a new checkout only briefly until it knows whom it is for (issue 12.6:
// HOLD_MINUTES_BEFORE_CONTACT, then HOLD_MINUTES from the start). So the contact details go to
// the server as soon as they are complete, after a pause in typing, before the card is reached;
// the caller's `save` moves the countdown to the hold the server answers. Pay saves them again.
import { useEffect, useRef } from 'react';
import { bookingContactSchema, type BookingContact } from '@boats/domain/schemas/contact';

const PAUSE_MS = 700;

export function useContactSavedEarly(customer: unknown, save: (customer: BookingContact) => Promise<void>) {
  const saveRef = useRef(save);
  const savedRef = useRef<string | null>(null);
  useEffect(() => {
    saveRef.current = save;
  });
  const parsed = bookingContactSchema.safeParse(customer);
  const complete = parsed.success ? JSON.stringify(parsed.data) : null;
  useEffect(() => {
    if (complete === null || complete === savedRef.current) return;
    const timer = window.setTimeout(() => {
      savedRef.current = complete;
      // A failure here is not the visitor's business yet: Pay saves again and says what is wrong.
      saveRef.current(JSON.parse(complete) as BookingContact).catch(() => {
        savedRef.current = null;
      });
    }, PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [complete]);
}
