// The boat's seasonal, weekday and start-time prices (docs/payments.md#pricing): each rule says
// which trips it matches and how it changes the price (a percentage, or fixed prices), and the
// preview prices a trip on any day and time with the rules as typed, by the same domain
// function the checkout charges with. Saved with the boat.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CANARY_TZ, canaryInstant, formatWeekday, isDateKey, ISO_WEEKDAYS } from '@boats/domain/canary-time';
import { intlLocale } from '@boats/domain/languages';
import { eurosToCents, formatMoney } from '@boats/domain/money';
import {
  MAX_PRICE_RULES,
  PRICE_RULE_KINDS,
  priceRuleOf,
  seasonalRates,
  type PriceRule,
} from '@boats/domain/price-rules';
import { priceRuleInputSchema } from '@boats/domain/schemas/price-rules';
import { currentLanguage } from '../../shared/i18n/i18n';
import { DateInput } from '../../shared/ui/date-input';
import { FormField } from '../../shared/ui/form';
import button from '../../shared/ui/button.module.css';
import { newPriceRuleDraft, priceRuleCandidate, type BoatDraft, type PriceRuleDraft } from './boat-draft';
import styles from './boat-form.module.css';

export function PriceRulesFields() {
  const { t } = useTranslation('pricing');
  const ui = currentLanguage();
  const { control, register } = useFormContext<BoatDraft>();
  const rules = useFieldArray({ control, name: 'priceRules', keyName: 'key' });
  const drafts = useWatch({ control, name: 'priceRules' });
  return (
    <>
      <p className={styles.hint}>{t('editor.hint')}</p>
      <ul className={styles.rules} aria-label={t('editor.legend')}>
        {rules.fields.map((field, index) => {
          const draft = drafts[index] ?? field;
          return (
            <li key={field.key}>
              <fieldset className={styles.translation}>
                <legend className={styles.translationLegend}>
                  {t('editor.ruleLegend', { n: index + 1, kind: t(`editor.kind.${draft.kind}`) })}
                </legend>
                {draft.kind === 'dates' && (
                  <div className={styles.row}>
                    <FormField
                      label={t('editor.fromDate')}
                      required
                      type="date"
                      name={`priceRules.${index}.from`}
                    />
                    <FormField
                      label={t('editor.toDate')}
                      required
                      type="date"
                      name={`priceRules.${index}.to`}
                    />
                  </div>
                )}
                {draft.kind === 'times' && (
                  <div className={styles.row}>
                    <FormField
                      label={t('editor.fromTime')}
                      hint={t('editor.timeHint')}
                      required
                      type="time"
                      name={`priceRules.${index}.from`}
                    />
                    <FormField
                      label={t('editor.toTime')}
                      required
                      type="time"
                      name={`priceRules.${index}.to`}
                    />
                  </div>
                )}
                {draft.kind === 'weekdays' && (
                  <fieldset className={styles.checks}>
                    <legend className={styles.previewLabel}>{t('editor.days')}</legend>
                    {ISO_WEEKDAYS.map((day) => (
                      <label key={day} className={styles.check}>
                        <input
                          type="checkbox"
                          value={String(day)}
                          {...register(`priceRules.${index}.days`)}
                        />
                        <span aria-hidden="true">{formatWeekday(day, ui, 'short')}</span>
                        <span className="visually-hidden">{formatWeekday(day, ui, 'long')}</span>
                      </label>
                    ))}
                  </fieldset>
                )}
                <div className={styles.row}>
                  <FormField label={t('editor.change')} name={`priceRules.${index}.change`} as="select">
                    <option value="percent">{t('editor.changeOption.percent')}</option>
                    <option value="fixed">{t('editor.changeOption.fixed')}</option>
                  </FormField>
                  {draft.change === 'percent' && (
                    <FormField
                      label={t('editor.percent')}
                      hint={t('editor.percentHint')}
                      required
                      type="number"
                      inputMode="numeric"
                      step={1}
                      name={`priceRules.${index}.percent`}
                    />
                  )}
                </div>
                {draft.change === 'fixed' && (
                  <>
                    <p className={styles.hint}>{t('editor.fixedHint')}</p>
                    <div className={styles.row}>
                      {(['seatPerHour', 'perHour', 'halfDay', 'fullDay'] as const).map((price) => (
                        <FormField
                          key={price}
                          label={t(`editor.fixed.${price}`)}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step="0.01"
                          name={`priceRules.${index}.${price}`}
                        />
                      ))}
                    </div>
                  </>
                )}
                <div>
                  <button
                    type="button"
                    className={button.outline}
                    aria-label={t('editor.remove', { n: index + 1 })}
                    onClick={() => rules.remove(index)}
                  >
                    {t('editor.removeShort')}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className={styles.checks}>
        {PRICE_RULE_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className={button.outline}
            disabled={rules.fields.length >= MAX_PRICE_RULES}
            onClick={() => rules.append(newPriceRuleDraft(kind))}
          >
            {t(`editor.add.${kind}`)}
          </button>
        ))}
      </div>
      <PriceRulesPreview />
    </>
  );
}

/** The rules typed so far that are whole: a half-typed one is left out of the preview. */
function validRules(drafts: readonly PriceRuleDraft[]): PriceRule[] {
  return drafts.flatMap((draft, index) => {
    const parsed = priceRuleInputSchema.safeParse(priceRuleCandidate(draft));
    return parsed.success ? [priceRuleOf({ ...parsed.data, id: parsed.data.id ?? `new-${index}` })] : [];
  });
}

const cents = (text: string) => {
  const n = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? eurosToCents(n) : null;
};

/** "A Saturday sunset trip on 14 August costs …": any day and start time, priced as it would be sold. */
function PriceRulesPreview() {
  const { t } = useTranslation('pricing');
  const ui = currentLanguage();
  const { control } = useFormContext<BoatDraft>();
  const [draft, perHour, halfDay, perDay, halfDayHours, fullDayHours, seat] = useWatch({
    control,
    name: ['priceRules', 'perHour', 'halfDay', 'perDay', 'halfDayHours', 'fullDayHours', 'sharedPerHour'],
  });
  const [date, setDate] = useState('');
  const [time, setTime] = useState('18:30');
  const rules = validRules(draft);
  const timeOk = /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
  const startsAt = isDateKey(date) && timeOk ? canaryInstant(date, time) : null;
  const rates =
    startsAt &&
    seasonalRates(
      {
        charter: {
          perHourCents: cents(perHour) ?? 0,
          halfDayCents: cents(halfDay),
          halfDayHours: Number(halfDayHours) || 4,
          fullDayCents: cents(perDay),
          fullDayHours: Number(fullDayHours) || 8,
        },
        seatPerHourCents: cents(seat) ?? 0,
      },
      rules,
      startsAt,
    );
  const money = (c: number) => formatMoney(c, ui);
  const when =
    startsAt &&
    new Intl.DateTimeFormat(intlLocale(ui), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: CANARY_TZ,
    }).format(startsAt);
  return (
    <section className={styles.preview} aria-labelledby="price-preview-title">
      <h3 id="price-preview-title" className={styles.previewLabel}>
        {t('preview.title')}
      </h3>
      <div className={styles.row}>
        <label className={styles.check}>
          {t('preview.date')}
          <DateInput value={date} onChange={setDate} />
        </label>
        <label className={styles.check}>
          {t('preview.time')}
          <input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
      </div>
      {rates && when ? (
        <div role="status" aria-live="polite" data-testid="price-preview">
          <p>
            {t('preview.trip', { when })}{' '}
            {rates.applied.length === 0
              ? t('preview.noRule')
              : t('preview.applied', {
                  rules: rates.applied
                    .map((r) =>
                      t('preview.rule', { n: rules.indexOf(r) + 1, kind: t(`editor.kind.${r.kind}`) }),
                    )
                    .join(', '),
                })}
          </p>
          <ul>
            {rates.seatPerHourCents > 0 && (
              <li>{t('preview.seat', { price: money(rates.seatPerHourCents) })}</li>
            )}
            {rates.charter.perHourCents > 0 && (
              <li>{t('preview.charterHour', { price: money(rates.charter.perHourCents) })}</li>
            )}
            {rates.charter.halfDayCents !== null && (
              <li>
                {t('preview.halfDay', {
                  price: money(rates.charter.halfDayCents),
                  count: rates.charter.halfDayHours,
                })}
              </li>
            )}
            {rates.charter.fullDayCents !== null && (
              <li>
                {t('preview.fullDay', {
                  price: money(rates.charter.fullDayCents),
                  count: rates.charter.fullDayHours,
                })}
              </li>
            )}
          </ul>
        </div>
      ) : (
        <p className={styles.hint}>{t('preview.pick')}</p>
      )}
    </section>
  );
}
