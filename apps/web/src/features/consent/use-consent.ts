import { useSyncExternalStore } from 'react';
import { PRERENDERED_CONSENT, readConsent, subscribeConsent, type ConsentState } from './consent-store';

/**
 * The visitor's consent, re-rendering when it changes. An analytics or marketing script is
 * added only when `mayLoad(useConsent(), 'analytics' | 'marketing')` is true.
 */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, readConsent, () => PRERENDERED_CONSENT);
}
