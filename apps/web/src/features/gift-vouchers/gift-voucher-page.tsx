// /gift/voucher?id=…&token=… (docs/public-site.md#gift-vouchers): the printable voucher behind
// the e-mail's link and the confirmation's: its code and QR, what is left of it until when.
// Print leaves only the voucher on one page (the stylesheet's print rules).
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { SiteFooter, SiteHeader } from '../../shared/layout';
import { usePageTitle } from '../../shared/i18n/use-page-title';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { PageLoading } from '../../shared/ui/page-loading';
import { useGiftVoucher } from './api/get-gift-voucher';
import { VoucherCard } from './voucher-card';
import styles from './gift-vouchers.module.css';
import { paths } from '../../shared/paths';

export default function GiftVoucherPage() {
  const { t } = useTranslation('gift');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  usePageTitle(t('printable.title'));
  return (
    <>
      <SiteHeader />
      <main className={`${styles.page} ${styles.printable}`}>
        <h1 className={styles.noPrint}>{t('printable.title')}</h1>
        {id && token ? (
          <Voucher id={id} token={token} />
        ) : (
          <Banner tone="error">{t('printable.notFound')}</Banner>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

function Voucher({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation('gift');
  const voucher = useGiftVoucher(id, token);
  if (voucher.isPending) return <PageLoading />;
  if (voucher.isError) return <Banner tone="error">{t('printable.notFound')}</Banner>;
  return (
    <>
      <VoucherCard voucher={voucher.data} />
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <button type="button" className={button.primary} onClick={() => window.print()}>
          {t('print')}
        </button>
        <Link className={button.outline} to={paths.booking.getHref()}>
          {t('printable.book')}
        </Link>
      </div>
    </>
  );
}
