// What the visitor needs to know before choosing: harbour, capacity, licence, what is included.
import { useTranslation } from 'react-i18next';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import type { Boat } from '@boats/domain/schemas/boat';
import { dayPrices, localized, typedInclusionIn } from '@boats/domain/boat-card';
import { licenceLineKey, requiredLicence } from '@boats/domain/licences';
import styles from './booking.module.css';
import { useLanguage } from '../../shared/i18n/use-language';

export function BoatInfo({ boat, title, description }: { boat: Boat; title: string; description: string }) {
  const { t } = useTranslation('booking');
  const locale = useLanguage();
  // The harbour in the visitor's language; a blank translation falls back to the English fields.
  const harbour = boat.harbourI18n;
  const portName = localized(harbour?.name, boat.port.name, locale);
  const portAddress = localized(harbour?.address, boat.port.address, locale);
  const meetingNote = localized(harbour?.note, boat.geoNote, locale);
  const licence = requiredLicence(boat);
  return (
    <section className={styles.info} aria-label={t('info.title')}>
      <h3 className={styles.boatTitle}>{title}</h3>
      <p className={styles.muted}>{description}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('info.harbour')}</dt>
          <dd>
            {portName}
            {portAddress && <span className={styles.muted}> · {portAddress}</span>}
            {meetingNote && <span className={styles.muted}> · {meetingNote}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('info.capacity')}</dt>
          <dd>{t('info.people', { count: boat.capacity })}</dd>
        </div>
        <div>
          <dt>{t('info.licence')}</dt>
          <dd data-testid="boat-licence">
            {licence
              ? t(licenceLineKey('info.licenceRequired', boat.foreignLicenceAccepted ?? true), {
                  licence: t(`licences.${licence}`, { ns: 'common' }),
                })
              : t('info.licenceNotRequired')}
          </dd>
        </div>
        {boat.securityDeposit !== undefined && boat.securityDeposit > 0 && (
          <div data-testid="boat-deposit">
            <dt>{t('info.deposit')}</dt>
            <dd>
              {t('info.depositHeld', { amount: formatMoney(eurosToCents(boat.securityDeposit), locale) })}
            </dd>
          </div>
        )}
        {boat.pricing.perHour > 0 && (
          <div>
            <dt>{t('info.charterPrice')}</dt>
            <dd>
              {[
                t('info.perHour', { price: formatMoney(eurosToCents(boat.pricing.perHour), locale) }),
                ...dayPrices(boat).map((d) =>
                  t(`info.${d.rate}`, { hours: d.hours, price: formatMoney(eurosToCents(d.euros), locale) }),
                ),
              ].join(' · ')}
            </dd>
          </div>
        )}
        {boat.shared.pricing.perHour > 0 && (
          <div>
            <dt>{t('info.seatPrice')}</dt>
            <dd>
              {t('info.perSeatHour', {
                price: formatMoney(eurosToCents(boat.shared.pricing.perHour), locale),
              })}
            </dd>
          </div>
        )}
      </dl>
      {boat.inclusions.length > 0 && (
        <>
          <h4 className={styles.subTitle}>{t('info.included')}</h4>
          <ul className={styles.inclusions}>
            {boat.inclusions.map((item) => (
              <Inclusion key={item} item={item} translations={boat.inclusionsI18n} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * One inclusion: a known one (skipper, fuel…) in the visitor's language; one the owner typed in
 * the owner's translation into it, else as typed, in the boat's base language (English, as its
 * title and description), and on another language's page says so (lang="en" for screen readers
 * and translators, "(in English)").
 */
function Inclusion({ item, translations }: { item: string; translations: Boat['inclusionsI18n'] }) {
  const { t, i18n } = useTranslation('booking');
  const locale = useLanguage();
  if (i18n.exists(`inclusions.${item}`, { ns: 'booking' })) return <li>{t(`inclusions.${item}`)}</li>;
  const text = typedInclusionIn(translations, item, locale);
  if (text) return <li>{text}</li>;
  return (
    <li>
      <span lang="en">{item}</span> <span className={styles.muted}>{t('info.inEnglish')}</span>
    </li>
  );
}
