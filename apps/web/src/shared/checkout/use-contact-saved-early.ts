// The server holds a new checkout only briefly until it knows whom it is for (issue 12.6:
// HOLD_MINUTES_BEFORE_CONTACT, then HOLD_MINUTES from the start). So the contact details go to
// the server as soon as they are typed complete, after a pause in typing, before the card is
// reached; the caller's `save` moves the countdown to the hold the server answers. Details the
// tab already knew went with the hold itself (`rememberedContact`). Pay saves them again.
import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { OnlineBookingContact } from '@boats/domain/schemas/contact';
import type { z } from '@boats/domain/schemas/zod';

const PAUSE_MS = 700;

export function useContactSavedEarly<
  Values extends FieldValues & { customer?: unknown },
  Output extends FieldValues,
>(
  form: UseFormReturn<Values, unknown, Output>,
  /** What complete means for this booking (its address too, above the simplified-invoice limit). */
  contactSchema: z.ZodType<OnlineBookingContact>,
  save: (customer: OnlineBookingContact) => Promise<void>,
) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  // Subscribes to what is typed; the saving happens in the change handler's timer.
  useEffect(() => {
    let saved: string | null = null;
    let timer: number | undefined;
    const subscription = form.watch((values, { name }) => {
      if (!name?.startsWith('customer')) return;
      const parsed = contactSchema.safeParse(values.customer);
      const complete = parsed.success ? JSON.stringify(parsed.data) : null;
      window.clearTimeout(timer);
      if (!parsed.success || complete === saved) return;
      timer = window.setTimeout(() => {
        saved = complete;
        // A failure here is not the visitor's business yet: Pay saves again and says what is wrong.
        saveRef.current(parsed.data).catch(() => {
          saved = null;
        });
      }, PAUSE_MS);
    });
    return () => {
      subscription.unsubscribe();
      window.clearTimeout(timer);
    };
  }, [form, contactSchema]);
}
