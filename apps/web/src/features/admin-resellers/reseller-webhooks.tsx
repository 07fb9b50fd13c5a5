// A reseller's webhooks on its card (docs/channels.md#webhooks): where it is told of changes made
// on our side, added or removed here as by the reseller itself through OCTO; the signing secret
// is shown once, when the first webhook makes it or when the admin makes a new one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reseller } from '@boats/domain/schemas/resellers';
import { useAdminErrorText } from '../../shared/admin/admin-error-text';
import { Banner } from '../../shared/ui/banner';
import button from '../../shared/ui/button.module.css';
import { useAddWebhook } from './api/add-webhook';
import { useRemoveWebhook } from './api/remove-webhook';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import styles from './admin-resellers.module.css';

export function ResellerWebhooks({ reseller }: { reseller: Reseller }) {
  const { t } = useTranslation('admin-resellers');
  const errorText = useAdminErrorText();
  const add = useAddWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const failed = add.error ?? remove.error ?? rotate.error;
  return (
    <section aria-label={t('webhooks.title')}>
      <h3 className={styles.keysTitle}>{t('webhooks.title')}</h3>
      {reseller.webhooks.length === 0 ? (
        <p>{t('webhooks.none')}</p>
      ) : (
        <ul className={styles.keys}>
          {reseller.webhooks.map((hook) => (
            <li key={hook._id} className={styles.key}>
              <code>{hook.url}</code>
              <button
                type="button"
                className={button.outline}
                disabled={remove.isPending}
                aria-label={t('webhooks.removeOne', { url: hook.url })}
                onClick={() => remove.mutate({ resellerId: reseller._id, webhookId: hook._id })}
              >
                {t('webhooks.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.issue}
        onSubmit={(event) => {
          event.preventDefault();
          setSecret(null);
          add.mutate(
            { resellerId: reseller._id, url: url.trim() },
            {
              onSuccess: (added) => {
                setUrl('');
                setSecret(added.secret);
              },
            },
          );
        }}
      >
        <label className={styles.issueLabel}>
          {t('webhooks.url')}
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required />
        </label>
        <button type="submit" className={button.secondary} disabled={add.isPending}>
          {t('webhooks.add')}
        </button>
      </form>
      {reseller.webhookSecretSet && (
        <button
          type="button"
          className={button.outline}
          disabled={rotate.isPending}
          onClick={() => {
            setSecret(null);
            rotate.mutate({ resellerId: reseller._id }, { onSuccess: (made) => setSecret(made.secret) });
          }}
        >
          {t('webhooks.rotate')}
        </button>
      )}
      {failed && <Banner tone="error">{errorText(failed)}</Banner>}
      {secret && (
        <Banner tone="success">
          {t('webhooks.secretShownOnce')} <code className={styles.secret}>{secret}</code>
        </Banner>
      )}
    </section>
  );
}
