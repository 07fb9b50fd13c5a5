// The account's passkeys on the Security page (docs/security.md#second-factor-and-step-up): each
// with its name, when it was added and last used; add one under a name (the device asks for its
// lock), remove one. Shown only where the browser has passkeys.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { passkeyNameFormSchema, type Passkey } from '@boats/domain/schemas/auth';
import { passkeysAvailable } from '../../shared/auth/passkey-api';
import { passkeyErrorText } from '../../shared/auth/second-factor';
import { useLanguage } from '../../shared/i18n/use-language';
import { Banner } from '../../shared/ui/banner';
import { Button } from '../../shared/ui/button';
import { Form, FormField, useZodForm } from '../../shared/ui/form';
import { PageLoading } from '../../shared/ui/page-loading';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './api/passkeys';
import styles from './account-security.module.css';

export function PasskeysCard() {
  const { t } = useTranslation('auth');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const form = useZodForm(passkeyNameFormSchema, { defaultValues: { name: '' } });
  if (!passkeysAvailable()) return null;
  const failure = add.error ?? remove.error ?? passkeys.error;
  return (
    <section className={styles.card} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={styles.title}>
        {t('passkeys.title')}
      </h2>
      <p className={styles.text}>{t('passkeys.intro')}</p>
      {passkeys.isPending ? (
        <PageLoading />
      ) : passkeys.data && passkeys.data.length > 0 ? (
        <ul className={styles.devices} aria-label={t('passkeys.title')}>
          {passkeys.data.map((passkey) => (
            <li key={passkey._id} className={styles.device}>
              <PasskeyText passkey={passkey} />
              <Button
                variant="outline"
                size="small"
                tone="danger"
                aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(passkey._id)}
              >
                {t('passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.text}>{t('passkeys.none')}</p>
      )}
      <Form
        form={form}
        className={styles.form}
        onError={() => undefined}
        onSubmit={async ({ name }) => {
          await add.mutateAsync(name);
          form.reset({ name: '' });
        }}
      >
        <FormField name="name" label={t('passkeys.name')} maxLength={60} />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('passkeys.waiting') : t('passkeys.add')}
        </Button>
      </Form>
      {failure && <Banner tone="error">{passkeyErrorText(failure, t)}</Banner>}
    </section>
  );
}

function PasskeyText({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  return (
    <div className={styles.text}>
      <strong>{passkey.name}</strong>
      <div>{t('passkeys.added', { at: formatCanaryDateTime(passkey.createdAt, language) })}</div>
      <div>
        {passkey.lastUsedAt
          ? t('passkeys.lastUsed', { at: formatCanaryDateTime(passkey.lastUsedAt, language) })
          : t('passkeys.neverUsed')}
      </div>
    </div>
  );
}
