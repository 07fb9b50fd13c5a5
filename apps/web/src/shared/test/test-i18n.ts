// Component tests read the real texts of every namespace (English unless a test switches), so a
// missing key shows up as a failing assertion.
import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

const files = import.meta.glob<ResourceLanguage[string]>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function everyText(): Resource {
  const resources: Resource = {};
  for (const [path, texts] of Object.entries(files)) {
    const [, lng = '', ns = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    resources[lng] = { ...resources[lng], [ns]: texts };
  }
  return resources;
}

export async function setupTestI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  const resources = everyText();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}
