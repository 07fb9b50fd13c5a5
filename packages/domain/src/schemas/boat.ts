import { COMMISSION_BEARERS } from '../octo';
import { z } from './zod';
import { bookingModeSchema } from './request-to-book';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../languages';
import { count, uuid, euroAmount } from './common';
import { DEFAULT_FULL_DAY_HOURS, DEFAULT_HALF_DAY_HOURS } from '../pricing';
import { DEFAULT_CUTOFF_HOURS, MAX_CUTOFF_HOURS } from '../trip-state';
import { boatExtraSchema, boatExtrasInputSchema } from './extras';
import { priceRuleSchema, priceRulesInputSchema } from './price-rules';
import { conditionChecklistSchema } from './condition';
import { agreementTermsSchema } from './agreement';
import { BOAT_LICENCES } from '../licences';
import { MAX_DEPOSIT_CENTS } from '../deposits';
import { MAX_CLAIM_WINDOW_HOURS } from '../deposit-claims';
import { LISTING_ACTIONS, LISTING_REQUIREMENTS, LISTING_STATES } from '../listing-state';

/** The same optional field for every language a boat's texts are translated into. */
function perTranslatedLanguage<T extends z.ZodType>(field: T) {
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((lng) => [lng, field.optional()])) as Record<
    TranslatedLanguage,
    z.ZodOptional<T>
  >;
}

/** Translations of a boat text; English is the fallback and always present. */
export const localizedText = z.object({ en: z.string(), ...perTranslatedLanguage(z.string()) });
export type LocalizedText = z.infer<typeof localizedText>;

export const portSchema = z.object({ name: z.string(), address: z.string() });
export type Port = z.infer<typeof portSchema>;

/** The harbour in every language: name, address and the note on where to meet (geoNote). */
export const harbourI18nSchema = z.object({
  name: localizedText,
  address: localizedText,
  note: localizedText,
});
export type HarbourI18n = z.infer<typeof harbourI18nSchema>;

/** Translations typed in the boat editor; English is the boat's main field. */
const translations = z.object(perTranslatedLanguage(z.string().trim().max(500)));
/** A text's versions in the languages other than English (blank or absent: English shows). */
export type Translations = z.infer<typeof translations>;
export const harbourTranslationsSchema = z.object({
  name: translations.default({}),
  address: translations.default({}),
  note: translations.default({}),
});
export type HarbourTranslations = z.input<typeof harbourTranslationsSchema>;

/**
 * The inclusions their owner typed (not the items the site translates itself), each by its
 * English text, in the other languages the owner translated it into (docs/public-site.md).
 */
const inclusionTranslationsSchema = z
  .record(z.string().max(200), translations)
  .refine((items) => Object.keys(items).length <= 50);
export type InclusionTranslations = z.infer<typeof inclusionTranslationsSchema>;

/** One rule of a cancellation policy (domain cancellation-policy). */
export const cancellationRuleSchema = z.object({
  hoursBefore: z
    .number('validation.number')
    .int('validation.integer')
    .min(0, 'validation.nonNegative')
    .max(8760),
  refundPercent: z
    .number('validation.number')
    .int('validation.integer')
    .min(0, 'validation.nonNegative')
    .max(100, 'validation.percent'),
});
export const cancellationPolicySchema = z
  .array(cancellationRuleSchema)
  .max(10)
  .refine(
    (rules) => new Set(rules.map((r) => r.hoursBefore)).size === rules.length,
    'validation.duplicateHours',
  );

/**
 * A boat's reschedule policy (domain reschedule-policy), the fee in euros. Up to a year before
 * departure and ten moves: beyond that an owner means "any time" and "as often as they like".
 */
export const reschedulePolicySchema = z.object({
  allowed: z.boolean(),
  hoursBefore: z
    .number('validation.number')
    .int('validation.integer')
    .min(0, 'validation.nonNegative')
    .max(8760),
  maxTimes: z.number('validation.number').int('validation.integer').min(1, 'validation.min1').max(10),
  fee: z.number('validation.number').min(0, 'validation.nonNegative').max(1000),
});
export type ReschedulePolicyWire = z.infer<typeof reschedulePolicySchema>;

/**
 * Charter prices in euros. The half-day and full-day prices (null = not offered) cover up to
 * their lengths in whole hours; a charter costs the lowest published price covering its hours
 * (domain pricing `charterPrice`).
 */
export const boatPricingSchema = z.object({
  perHour: euroAmount,
  halfDay: euroAmount.nullable(),
  perDay: euroAmount.nullable(),
  halfDayHours: z.number().int().min(1),
  fullDayHours: z.number().int().min(1),
});

export const boatSharedSchema = z.object({
  pricing: z.object({ perHour: euroAmount }),
  minSeatsToDepart: count,
  /**
   * Hours before departure at which a shared trip below the minimum is canceled and refunded;
   * 0 = no cutoff (domain trip-state). Absent on answers that do not say.
   */
  cutoffHours: count.optional(),
});

/** A boat's published reviews: the average of their stars (one decimal; 0 when none) and how many. */
export const ratingSchema = z.object({
  average: z.number().min(0).max(5),
  count: z.number().int().min(0),
});

/** A boat as the API returns it (docs/product.md §3). Prices in euros. */
export const boatSchema = z.object({
  _id: uuid,
  title: z.string(),
  description: z.string(),
  titleI18n: localizedText.optional(),
  descriptionI18n: localizedText.optional(),
  images: z.array(z.string()),
  port: portSchema,
  capacity: count,
  minDurationHours: z.number().int().min(1),
  maxDurationHours: z.number().int().min(1),
  verified: z.boolean(),
  /** On the public site: its listing is live (packages/domain listing-state). */
  isActive: z.boolean(),
  /** Archived: gone from the public site and the fleet list, its bookings kept (admin only). */
  archived: z.boolean().optional(),
  requiresLicense: z.boolean(),
  /** Which licence the skipper must hold when requiresLicense (domain licences). */
  licence: z.enum(BOAT_LICENCES).optional(),
  /** The security deposit held on the customer's card before departure, in euros; 0: none. */
  securityDeposit: euroAmount.optional(),
  /** Hours after the return the owner may claim against the deposit for damage (decision 40). */
  claimWindowHours: z.number().int().optional(),
  /** A skipper may show a licence of another country the crew judge equivalent (domain licences). */
  foreignLicenceAccepted: z.boolean().optional(),
  /** A self-drive boat's checklist out and back; null: the platform's (domain DEFAULT_CHECKLIST). */
  conditionChecklist: conditionChecklistSchema.nullable().optional(),
  /** The owner's rental agreement for a self-drive boat; null: the platform's template. */
  agreementTerms: agreementTermsSchema.nullable().optional(),
  geoNote: z.string(),
  inclusions: z.array(z.string()),
  /** Its typed inclusions in other languages; one not here shows as typed, marked as English. */
  inclusionsI18n: inclusionTranslationsSchema.optional(),
  pricing: boatPricingSchema,
  shared: boatSharedSchema,
  harbourI18n: harbourI18nSchema.optional(),
  /** What can be booked now (open future slots of each kind); absent on answers that do not say. */
  offers: z
    .object({
      charter: z.boolean(),
      shared: z.boolean(),
      /** The shortest open shared trip ahead, in hours: what one seat buys. */
      sharedHours: z.number().positive().optional(),
      /**
       * The cheapest charter prices and seat price per hour among the open trips of the next
       * weeks, with the boat's price rules applied (domain price-rules lowestRates).
       */
      charterFrom: boatPricingSchema.optional(),
      seatFromPerHour: euroAmount.optional(),
    })
    .optional(),
  /** The rules a customer's cancellation follows: the boat's own or the site default. */
  cancellationPolicy: cancellationPolicySchema.optional(),
  /** True when the boat has no rules of its own and follows the site default. */
  cancellationPolicyIsDefault: z.boolean().optional(),
  /** Whether and until when a customer may move their booking: the boat's own or the site default. */
  reschedulePolicy: reschedulePolicySchema.optional(),
  /** True when the boat follows the site default reschedule policy. */
  reschedulePolicyIsDefault: z.boolean().optional(),
  /** Its published reviews (public answers). */
  rating: ratingSchema.optional(),
  /** What can be added to a booking of this boat (docs/payments.md#extras). */
  extras: z.array(boatExtraSchema).optional(),
  /** Instant booking or request-to-book, as its owner chose (docs/payments.md#request-to-book). */
  bookingMode: bookingModeSchema.optional(),
  /** The platform admin forced instant booking whatever the owner chose. */
  instantForced: z.boolean().optional(),
  /** Seasonal, weekday and start-time prices (docs/payments.md#pricing). */
  priceRules: z.array(priceRuleSchema).optional(),
});
export type Boat = z.infer<typeof boatSchema>;

/** A boat inside other answers (bookings): just enough to name it. */
export const boatRefSchema = z.object({
  _id: uuid,
  title: z.string(),
  /** Every language of the title, so each viewer reads it in theirs. */
  titleI18n: localizedText.optional(),
  port: portSchema.optional(),
  harbourI18n: harbourI18nSchema.optional(),
});
export type BoatRef = z.infer<typeof boatRefSchema>;

/** An image is an absolute http(s) URL or a path on this site. */
const IMAGE_RE = /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/i;

const hours = z.number('validation.number').int('validation.integer').min(1, 'validation.min1');
const price = z.number('validation.number').min(0, 'validation.nonNegative');
const dayLength = hours.max(24, 'validation.max24');

/**
 * The admin boat form, validated in the browser and again by the create/update routes.
 * Messages are i18n keys; the min ≤ max rule reports on maxDurationHours, and
 * minSeatsToDepart above capacity reports on shared.minSeatsToDepart.
 */
export const boatInputSchema = z
  .object({
    title: z.string().trim().min(1, 'validation.required').max(200),
    description: z.string().max(20_000).default(''),
    titleI18n: localizedText.optional(),
    descriptionI18n: localizedText.optional(),
    images: z.array(z.string().trim().regex(IMAGE_RE, 'validation.imageUrl')).max(50).default([]),
    port: z.object({ name: z.string().trim().max(200), address: z.string().trim().max(500) }).default({
      name: '',
      address: '',
    }),
    capacity: z.number('validation.number').int('validation.integer').min(1, 'validation.min1'),
    minDurationHours: hours,
    maxDurationHours: hours,
    /** The platform's word about a boat: an owner's form cannot change it. */
    verified: z.boolean().default(false),
    requiresLicense: z.boolean().default(false),
    /** Which licence, when one is required; absent keeps what is stored (a new boat: the smallest). */
    licence: z.enum(BOAT_LICENCES, 'validation.required').optional(),
    /**
     * The security deposit in euros (0: none, at most €10,000); absent keeps what is stored
     * (docs/payments.md#the-security-deposit).
     */
    securityDeposit: z
      .number('validation.number')
      .min(0, 'validation.nonNegative')
      .max(MAX_DEPOSIT_CENTS / 100, 'validation.depositMax')
      .optional(),
    /** Hours after the return to claim for damage (1 to 96); absent keeps what is stored (48). */
    claimWindowHours: z
      .number('validation.number')
      .int('validation.claimWindow')
      .min(1, 'validation.claimWindow')
      .max(MAX_CLAIM_WINDOW_HOURS, 'validation.claimWindow')
      .optional(),
    /** Absent keeps what is stored (a new boat: accepted). */
    foreignLicenceAccepted: z.boolean().optional(),
    /** The owner's checklist out and back; null: the platform's; absent keeps what is stored. */
    conditionChecklist: conditionChecklistSchema.nullable().optional(),
    /** The owner's rental agreement; null: the platform's template; absent keeps what is stored. */
    agreementTerms: agreementTermsSchema.nullable().optional(),
    geoNote: z.string().trim().max(500).default(''),
    /** The harbour name, address and note in the other languages; blank ones fall back to English. */
    harbourI18n: harbourTranslationsSchema.optional(),
    /** null or absent: the site default. */
    cancellationPolicy: cancellationPolicySchema.nullable().optional(),
    /** null: the site default; absent: an update keeps what is stored. */
    reschedulePolicy: reschedulePolicySchema.nullable().optional(),
    inclusions: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
    /** Typed inclusions in the other languages, by their English text; absent keeps what is stored. */
    inclusionsI18n: inclusionTranslationsSchema.optional(),
    /** Absent: the stored extras stay as they are. */
    extras: boatExtrasInputSchema.optional(),
    /** Instant booking or request-to-book; absent keeps what is stored (a new boat: instant). */
    bookingMode: bookingModeSchema.optional(),
    /** Absent: the stored price rules stay as they are. */
    priceRules: priceRulesInputSchema.optional(),
    pricing: z.object({
      perHour: price,
      halfDay: price.nullable().default(null),
      perDay: price.nullable().default(null),
      halfDayHours: dayLength.default(DEFAULT_HALF_DAY_HOURS),
      fullDayHours: dayLength.default(DEFAULT_FULL_DAY_HOURS),
    }),
    shared: z.object({
      pricing: z.object({ perHour: price }),
      minSeatsToDepart: z
        .number('validation.number')
        .int('validation.integer')
        .min(0, 'validation.nonNegative'),
      /** Absent: a new boat gets the default, an update keeps what is stored. */
      cutoffHours: z
        .number('validation.number')
        .int('validation.integer')
        .min(0, 'validation.nonNegative')
        .max(MAX_CUTOFF_HOURS, 'validation.max168')
        .optional(),
    }),
  })
  .superRefine((boat, ctx) => {
    if (boat.minDurationHours > boat.maxDurationHours) {
      ctx.addIssue({ code: 'custom', path: ['maxDurationHours'], message: 'validation.maxBelowMin' });
    }
    if (boat.pricing.fullDayHours <= boat.pricing.halfDayHours) {
      ctx.addIssue({
        code: 'custom',
        path: ['pricing', 'fullDayHours'],
        message: 'validation.fullDayNotLonger',
      });
    }
    if (boat.shared.minSeatsToDepart > boat.capacity) {
      ctx.addIssue({
        code: 'custom',
        path: ['shared', 'minSeatsToDepart'],
        message: 'validation.aboveCapacity',
      });
    }
  });
export type BoatInput = z.infer<typeof boatInputSchema>;

/** POST /api/admin/boats/{id}/archive: archive a boat, or bring it back. */
export const boatArchiveSchema = z.object({ archived: z.boolean() });
/** What the form holds before parsing (defaults not yet applied). */
export type BoatInputDraft = z.input<typeof boatInputSchema>;

/** A new boat in the admin editor (docs/product.md §9). */
export const newBoatDefaults: Omit<BoatInput, 'extras' | 'priceRules'> = {
  title: '',
  description: '',
  images: [],
  port: { name: '', address: '' },
  capacity: 6,
  minDurationHours: 2,
  maxDurationHours: 8,
  verified: false,
  requiresLicense: false,
  geoNote: '',
  inclusions: [],
  pricing: {
    perHour: 100,
    halfDay: null,
    perDay: null,
    halfDayHours: DEFAULT_HALF_DAY_HOURS,
    fullDayHours: DEFAULT_FULL_DAY_HOURS,
  },
  shared: { pricing: { perHour: 50 }, minSeatsToDepart: 0, cutoffHours: DEFAULT_CUTOFF_HOURS },
};

/** The fleet card (docs/product.md §3 "Boat list item"). */
export const boatListItemSchema = z.object({
  id: uuid,
  title: z.string(),
  licenseNote: z.enum(['required', 'notRequired']),
  description: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  location: z.string(),
  /** Euros per hour. */
  priceFrom: z.number(),
  currency: z.string().default('€'),
  href: z.string().optional(),
});
export type BoatListItem = z.infer<typeof boatListItemSchema>;

/** Answer of GET /api/boats. */
export const boatsListResponseSchema = z.object({ items: z.array(boatSchema) });
export type BoatsListResponse = z.infer<typeof boatsListResponseSchema>;

export const listingStateSchema = z.enum(LISTING_STATES);
export const listingActionSchema = z.enum(LISTING_ACTIONS);

/**
 * A boat in the back office: the boat, its listing with what is still missing before a review,
 * its owner's name, and its sold bookings still ahead (archiving, pausing and suspending warn).
 */
export const adminBoatSchema = boatSchema.extend({
  upcomingBookings: z.number().int().nonnegative().describe('Paid or confirmed bookings whose trip is ahead'),
  listing: listingStateSchema,
  /** What the boat still needs before it can be submitted for review or go live; empty when complete. */
  missing: z.array(z.enum(LISTING_REQUIREMENTS)),
  ownerName: z.string(),
  /** Its owner is suspended: off the public site whatever its listing says. */
  ownerSuspended: z.boolean(),
  /** Resellers (OCTO) sell it: its owner's choice (docs/channels.md#per-boat-settings). */
  resellersAllowed: z.boolean(),
  /** Who gives up a reseller's commission on its sales: set by the platform admin. */
  resellerCommissionBearer: z.enum(COMMISSION_BEARERS),
});
export type AdminBoat = z.infer<typeof adminBoatSchema>;

/** Answer of GET /api/admin/boats. */
export const adminBoatsListResponseSchema = z.object({ items: z.array(adminBoatSchema) });

/** Answer of the back office's boat calls (the editor, a save, a listing change). */
export const adminBoatResponseSchema = z.object({ boat: adminBoatSchema });

/** POST /api/admin/boats/{id}/resellers: the owner opts the boat in or out of resellers. */
export const boatResellersSchema = z.object({ resellersAllowed: z.boolean() });

/** POST /api/admin/boats/{id}/reseller-commission: who bears a reseller's commission (the admin). */
export const boatCommissionBearerSchema = z.object({ resellerCommissionBearer: z.enum(COMMISSION_BEARERS) });

/**
 * POST /api/admin/boats/{id}/listing: one step of the listing's table; sending a boat back may
 * carry the platform's note to its owner (quoted in their e-mail).
 */
export const listingChangeSchema = z.object({
  action: listingActionSchema,
  note: z.string().trim().max(2000).optional(),
});
export type ListingChange = z.infer<typeof listingChangeSchema>;
