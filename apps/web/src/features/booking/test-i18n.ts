// Component tests read the real en texts, so a missing key shows up as a failing assertion.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import booking from '../../../public/locales/en/booking.json';
import common from '../../../public/locales/en/common.json';

export async function setupTestI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'booking'],
    defaultNS: 'common',
    resources: { en: { booking, common } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
