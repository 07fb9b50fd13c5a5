// /gift (docs/public-site.md#gift-vouchers): a visitor buys a gift voucher. The form (amount or
// a trip on a boat, who it is for, who gives it) → POST /api/gift-vouchers creates the voucher
// and its card payment → the card form every payment uses → the confirm call → the voucher with
// its code, QR and Print. Back from a card's bank page (3-D Secure) the address carries
// payment_intent, and the page confirms it.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatMoney } from '@boats/domain/money';
import type {
  GiftVoucherPurchaseInput,
  GiftVoucherPurchaseResponse,
} from '@boats/domain/schemas/gift-vouchers';
import { isRefusedReturn } from '../../shared/checkout';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { usePageTitle } from '../../shared/i18n/use-page-title';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useBuyGiftVoucher } from './api/buy-gift-voucher';
import { useConfirmedGiftVoucher } from './api/confirm-gift-voucher';
import { GiftForm } from './gift-form';
import styles from './gift-vouchers.module.css';
import { paths } from '../../shared/paths';
import { useLanguage } from '../../shared/i18n/use-language';
import { PageLoading } from '../../shared/ui/page-loading';

// The voucher (with its QR code) loads once it is paid, and the card form once the gift form is
// sent: the page's first screen, the form, needs neither, nor their styles in its <head>, nor the
// card's schemas and their zod objects built while the page starts.
const VoucherCard = lazy(() => import('./voucher-card').then((m) => ({ default: m.VoucherCard })));
const CardPaymentForm = lazy(() =>
  import('../../shared/checkout/card-payment-form').then((m) => ({ default: m.CardPaymentForm })),
);

type Step =
  | { kind: 'form' }
  | { kind: 'pay'; purchase: GiftVoucherPurchaseResponse }
  | { kind: 'paid'; intentId: string };

export default function GiftPage() {
  const { t } = useTranslation('gift');
  const [params] = useSearchParams();
  // Back from the bank page: the intent it authenticated.
  const returned = params.get('payment_intent');
  const refused = isRefusedReturn(params.get('redirect_status'));
  const [step, setStep] = useState<Step>(() =>
    returned && !refused ? { kind: 'paid', intentId: returned } : { kind: 'form' },
  );
  usePageTitle(t('title'));
  return (
    <>
      <SiteHeader />
      <main className={styles.page}>
        <h1 className={styles.noPrint}>{t('title')}</h1>
        {step.kind === 'form' && <p className={styles.intro}>{t('intro')}</p>}
        {refused && step.kind === 'form' && <Banner tone="error">{t('pay.refused')}</Banner>}
        <GiftSteps step={step} setStep={setStep} />
      </main>
      <SiteFooter />
    </>
  );
}

function GiftSteps({ step, setStep }: { step: Step; setStep: (step: Step) => void }) {
  const { t } = useTranslation('gift');
  const locale = useLanguage();
  const buy = useBuyGiftVoucher();
  const [typed, setTyped] = useState<GiftVoucherPurchaseInput | undefined>(undefined);
  if (step.kind === 'paid') return <PaidVoucher intentId={step.intentId} />;
  if (step.kind === 'pay') {
    return (
      <section className={styles.pay} aria-labelledby="gift-pay-title">
        <h2 id="gift-pay-title" className={styles.subTitle}>
          {t('pay.title')}
        </h2>
        <p className={styles.total}>
          {t('pay.total')}{' '}
          <strong data-testid="gift-total">{formatMoney(step.purchase.amount, locale)}</strong>
        </p>
        <Suspense fallback={<PageLoading />}>
          <CardPaymentForm
            clientSecret={step.purchase.clientSecret}
            amountCents={step.purchase.amount}
            returnUrl={`${window.location.origin}/gift`}
            onPaid={(intentId) => setStep({ kind: 'paid', intentId })}
            onBack={() => setStep({ kind: 'form' })}
          />
        </Suspense>
      </section>
    );
  }
  return (
    <GiftForm
      initial={typed}
      onSubmit={async (values) => {
        setTyped(values);
        const purchase = await buy.mutateAsync(values);
        setStep({ kind: 'pay', purchase });
      }}
    />
  );
}

/** The paid voucher, confirmed once, with Print and its own printable address. */
function PaidVoucher({ intentId }: { intentId: string }) {
  const { t } = useTranslation('gift');
  const confirmed = useConfirmedGiftVoucher(intentId);
  if (confirmed.isPending) {
    return (
      <p role="status" aria-busy="true">
        {t('pay.confirming')}
      </p>
    );
  }
  if (confirmed.isError) {
    return (
      <Banner tone="error">
        <p>{t('pay.confirmFailed')}</p>
        <button type="button" className={button.outline} onClick={() => void confirmed.refetch()}>
          {t('pay.retry')}
        </button>
      </Banner>
    );
  }
  const { voucher, token } = confirmed.data;
  return (
    <section className={styles.done} aria-labelledby="gift-done-title">
      <h2 id="gift-done-title" className={`${styles.doneTitle} ${styles.noPrint}`}>
        {t('done.title')}
      </h2>
      <p className={styles.noPrint}>{t('done.text')}</p>
      <Suspense fallback={<PageLoading />}>
        <VoucherCard voucher={voucher} />
      </Suspense>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <button type="button" className={button.primary} onClick={() => window.print()}>
          {t('print')}
        </button>
        <Link className={button.outline} to={paths.giftVoucher.getHref(voucher.id, token)}>
          {t('done.open')}
        </Link>
      </div>
    </section>
  );
}
