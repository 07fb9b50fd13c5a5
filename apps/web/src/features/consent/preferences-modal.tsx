// Preferences (docs/product.md §2, §4): the language switches at once and is stored in `app.lang`; the
// consent choices are only stored by Save Settings, which then tells the parent and closes.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName, LANGUAGES, type LanguageCode } from '@boats/domain/languages';
import { chooseLanguage as applyLanguage, currentLanguage } from '../../shared/i18n/i18n';
import { Modal } from '../../shared/ui/modal';
import { LegalLinks } from '../../shared/legal/legal-links';
import button from '../../shared/ui/button.module.css';
import { readConsent, saveConsent, type ConsentChoice } from './consent-store';
import styles from './preferences-modal.module.css';

const PREFERENCES_MODAL_ID = 'gdprLangModal';

export type PreferencesSaved = { consent: ConsentChoice; language: LanguageCode };

export type PreferencesModalProps = {
  open: boolean;
  onClose: () => void;
  onSaved?: (saved: PreferencesSaved) => void;
};

export function PreferencesModal({ open, onClose, onSaved }: PreferencesModalProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ConsentChoice>(() => pick(readConsent()));
  // Shown as chosen at once, while the new language's texts may still be loading.
  const [language, setLanguage] = useState<LanguageCode>(currentLanguage);

  // Every opening starts from what is saved, not from an abandoned edit.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setChoice(pick(readConsent()));
      setLanguage(currentLanguage());
    }
  }

  const pickLanguage = (lng: LanguageCode) => {
    setLanguage(lng);
    applyLanguage(lng);
  };

  const save = () => {
    const saved = saveConsent(choice);
    onSaved?.({ consent: pick(saved), language: currentLanguage() });
    onClose();
  };

  return (
    <Modal
      id={PREFERENCES_MODAL_ID}
      open={open}
      onClose={onClose}
      title={t('prefs.title')}
      closeLabel={t('prefs.close')}
      footer={
        <div className={styles.actions}>
          <button
            type="button"
            className={button.outline}
            onClick={() => setChoice({ analytics: true, marketing: true })}
          >
            {t('prefs.enableAll')}
          </button>
          <button type="button" className={button.primary} onClick={save}>
            {t('prefs.save')}
          </button>
          <button type="button" className={button.outline} onClick={onClose}>
            {t('prefs.close')}
          </button>
        </div>
      }
    >
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('prefs.language')}</legend>
        <div className={styles.languages}>
          {LANGUAGES.map((lng) => (
            <label key={lng} className={styles.language}>
              <input
                type="radio"
                name="app-language"
                value={lng}
                lang={lng}
                checked={language === lng}
                onChange={() => pickLanguage(lng)}
              />
              <span lang={lng}>{languageName(lng)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('prefs.consent')}</legend>
        <p className={styles.intro}>{t('prefs.consentIntro')}</p>
        <LegalLinks className={styles.legal} only={['privacy']} />
        <Category
          label={t('prefs.necessary')}
          hint={t('prefs.necessaryHint')}
          checked
          disabled
          onChange={() => undefined}
        />
        <Category
          label={t('prefs.analytics')}
          hint={t('prefs.analyticsHint')}
          checked={choice.analytics}
          onChange={(analytics) => setChoice((c) => ({ ...c, analytics }))}
        />
        <Category
          label={t('prefs.marketing')}
          hint={t('prefs.marketingHint')}
          checked={choice.marketing}
          onChange={(marketing) => setChoice((c) => ({ ...c, marketing }))}
        />
      </fieldset>
    </Modal>
  );
}

function Category(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={styles.category}>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>
        <span className={styles.categoryLabel}>{props.label}</span>
        <span className={styles.hint}>{props.hint}</span>
      </span>
    </label>
  );
}

function pick(state: ConsentChoice): ConsentChoice {
  return { analytics: state.analytics, marketing: state.marketing };
}
