/**
 * The sandbox card form as typed (number in groups, expiry "MM/YY", CVC): one message per field
 * (i18n keys under `validation.*`), parsed into the card the sandbox confirm call takes. The
 * rules are card-entry.ts's `cardProblems`, so the reasons under Pay and the field errors agree.
 */
import { cardProblems, type CardProblem } from '../card-entry';
import { z } from './zod';

const FIELD_OF: Record<CardProblem, { path: 'number' | 'expiry' | 'cvc'; message: string }> = {
  number: { path: 'number', message: 'validation.cardNumber' },
  expiry: { path: 'expiry', message: 'validation.cardExpiry' },
  expired: { path: 'expiry', message: 'validation.cardExpired' },
  cvc: { path: 'cvc', message: 'validation.cardCvc' },
};

/** `now` is read when the form is checked: a card expires at the end of its month. */
export function cardEntrySchema(now: () => Date = () => new Date()) {
  return z
    .object({ number: z.string().max(30), expiry: z.string().max(7), cvc: z.string().max(4) })
    .superRefine((card, ctx) => {
      for (const problem of cardProblems(card, now())) {
        ctx.addIssue({ code: 'custom', path: [FIELD_OF[problem].path], message: FIELD_OF[problem].message });
      }
    })
    .transform((card) => {
      const [month, year] = card.expiry.split('/');
      return {
        number: card.number.replace(/\D/g, ''),
        expMonth: Number(month),
        expYear: 2000 + Number(year),
        cvc: card.cvc.replace(/\D/g, ''),
      };
    });
}
export type CardEntryInput = z.input<ReturnType<typeof cardEntrySchema>>;
export type CardEntry = z.output<ReturnType<typeof cardEntrySchema>>;
