// The fleet's cards, split out of the landing page's first download (fleet-section.tsx loads them
// beside the fleet's request): they show only once the fleet has come, and they bring the
// domain's price, time and card rules, which the landing route's scripts (size budget) need no
// sooner.
import { useMemo } from 'react';
import {
  dayPrices,
  offersCharter,
  sharedPriceFrom,
  sharedSeatOffer,
  toBoatListItem,
} from '@boats/domain/boat-card';
import type { LanguageCode } from '@boats/domain/languages';
import type { Boat } from '@boats/domain/schemas/boat';
import { FleetCard } from './fleet-card';

export type FleetCardsProps = {
  fleet: Boat[];
  language: LanguageCode;
  /** The card in view (use-active-index.ts). */
  active: number;
  onBook: (boatId: string) => void;
  onFollow: (href: string) => void;
};

export function FleetCards({ fleet, language, active, onBook, onFollow }: FleetCardsProps) {
  const cards = useMemo(
    () =>
      fleet.map((boat) => ({
        item: toBoatListItem(boat, language),
        translated: Boolean(boat.descriptionI18n?.[language]),
        sharedFrom: sharedPriceFrom(boat),
        seatOffer: sharedSeatOffer(boat),
        dayPrices: offersCharter(boat) ? dayPrices(boat) : [],
        rating: boat.rating,
      })),
    [fleet, language],
  );
  return cards.map(({ item, translated, sharedFrom, seatOffer, dayPrices, rating }, index) => (
    <FleetCard
      key={item.id}
      item={item}
      index={index}
      active={index === active}
      language={language}
      descriptionIsHtml={translated}
      sharedFrom={sharedFrom}
      seatOffer={seatOffer}
      dayPrices={dayPrices}
      rating={rating}
      onBook={onBook}
      onFollow={onFollow}
    />
  ));
}
