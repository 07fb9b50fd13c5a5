// What the address does not keep of step one's choice: the extras, the promo code and the gift
// voucher applied, the licence confirmed. This tab's sessionStorage keeps them per boat, so a
// reload of the booking dialog, and Back after a reload of the payment step, find them again as
// they find the date and the party in the address. The server checks each again at checkout.
import type { Selection } from './selection-state';

type Kept = Pick<Selection, 'extras' | 'promo' | 'voucher' | 'licenceConfirmed'>;

const key = (boatId: string) => `booking.choice.${boatId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked storage: the flow works, only a reload forgets these
  }
}

/** What this tab kept of its last choice on the boat; nothing when it kept none. */
export function keptChoice(boatId: string): Partial<Kept> {
  try {
    const kept = JSON.parse(storage()?.getItem(key(boatId)) ?? 'null') as Partial<Kept> | null;
    if (!kept || typeof kept !== 'object') return {};
    return {
      ...(kept.extras && typeof kept.extras === 'object' && { extras: kept.extras }),
      ...(kept.promo && { promo: kept.promo }),
      ...(kept.voucher && { voucher: kept.voucher }),
      ...(kept.licenceConfirmed === true && { licenceConfirmed: true }),
    };
  } catch {
    return {};
  }
}

export function keepChoice(boatId: string, s: Selection): void {
  const kept: Kept = {
    extras: s.extras,
    promo: s.promo,
    voucher: s.voucher,
    licenceConfirmed: s.licenceConfirmed,
  };
  try {
    storage()?.setItem(key(boatId), JSON.stringify(kept));
  } catch {
    // a full or blocked storage only forgets them on a reload
  }
}
