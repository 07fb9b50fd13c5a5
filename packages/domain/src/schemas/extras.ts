import { z } from './zod';
import {
  EXTRA_PRICING,
  EXTRA_PROVIDERS,
  MAX_EXTRA_NOTICE_HOURS,
  MAX_EXTRA_QUANTITY,
  MAX_EXTRAS_PER_BOAT,
} from '../extras';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../languages';
import { euroAmount, uuid } from './common';

/** An extra's text: English always, the other languages optional (blank: English shows). */
const extraText = (max: number, required: boolean) =>
  z.object({
    en: required
      ? z.string().trim().min(1, 'validation.required').max(max)
      : z.string().trim().max(max).default(''),
    ...(Object.fromEntries(
      TRANSLATED_LANGUAGES.map((lng) => [lng, z.string().trim().max(max).optional()]),
    ) as Record<TranslatedLanguage, z.ZodOptional<z.ZodString>>),
  });

/** An extra a boat offers, as the API shows it (price in euros). */
export const boatExtraSchema = z.object({
  id: uuid,
  name: extraText(100, true),
  description: extraText(500, false),
  price: euroAmount,
  per: z.enum(EXTRA_PRICING),
  maxQuantity: z.number().int().min(1).max(MAX_EXTRA_QUANTITY),
  noticeHours: z.number().int().min(0).max(MAX_EXTRA_NOTICE_HOURS),
  provider: z.enum(EXTRA_PROVIDERS),
});
export type BoatExtra = z.infer<typeof boatExtraSchema>;

/** One extra in the boat editor: a new one has no id yet (the server gives it one). */
export const boatExtraInputSchema = boatExtraSchema.extend({
  id: uuid.optional(),
  price: z.number('validation.number').min(0, 'validation.nonNegative').max(100_000),
  maxQuantity: z
    .number('validation.number')
    .int('validation.integer')
    .min(1, 'validation.min1')
    .max(MAX_EXTRA_QUANTITY, 'validation.max50'),
  noticeHours: z
    .number('validation.number')
    .int('validation.integer')
    .min(0, 'validation.nonNegative')
    .max(MAX_EXTRA_NOTICE_HOURS, 'validation.max168'),
});
export type BoatExtraInput = z.infer<typeof boatExtraInputSchema>;

export const boatExtrasInputSchema = z.array(boatExtraInputSchema).max(MAX_EXTRAS_PER_BOAT);

/** booking.extras on POST /api/boat/payment-intent: which extras, how many of each. */
export const chosenExtrasSchema = z
  .array(z.object({ id: uuid, quantity: z.number().int().min(0).max(MAX_EXTRA_QUANTITY) }))
  .max(MAX_EXTRAS_PER_BOAT)
  .refine((list) => new Set(list.map((e) => e.id)).size === list.length, 'validation.duplicateExtra');

/** An extra on a booking, at the price it was sold at (euros). */
export const bookingExtraSchema = z.object({
  id: z.string(),
  name: boatExtraSchema.shape.name,
  per: z.enum(EXTRA_PRICING),
  quantity: z.number().int().min(1),
  unitPrice: euroAmount,
  total: euroAmount,
});
export type BookingExtra = z.infer<typeof bookingExtraSchema>;
