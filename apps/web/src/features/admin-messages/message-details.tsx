// One contact request in full: who, how to reach them (tap to call, e-mail), the whole message
// and user agent, its read state, and the reply form. The list marks it read as it opens it.
import { useTranslation } from 'react-i18next';
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import type { ContactMessage } from '@boats/domain/schemas/messages';
import { currentLanguage } from '../../shared/i18n/i18n';
import { Button, buttonClass } from '../../shared/ui/button';
import { EmailText } from '../../shared/ui/email-text';
import { Modal } from '../../shared/ui/modal';
import { useMarkMessageRead } from './api/message-actions';
import { MessageReplyForm } from './message-reply-form';
import { MessageState } from './message-state';
import styles from './admin-messages.module.css';
import { telHref } from '../../shared/ui/tel-href';

export function MessageDetails({ message, onClose }: { message: ContactMessage; onClose: () => void }) {
  const { t } = useTranslation('admin-messages');
  const mark = useMarkMessageRead();

  return (
    <Modal open onClose={onClose} title={message.name} closeLabel={t('close')} size="medium">
      <div className={styles.details}>
        <p className={styles.detailsMeta}>
          {formatCanaryDateTime(message.createdAt, currentLanguage())} · {t(`source.${message.source}`)} ·{' '}
          <MessageState message={message} />
        </p>
        <dl className={styles.contact}>
          {message.email && (
            <>
              <dt>{t('col.email')}</dt>
              <dd>
                <a href={`mailto:${message.email}`}>
                  <EmailText email={message.email} />
                </a>
              </dd>
            </>
          )}
          {message.phone && (
            <>
              <dt>{t('col.phone')}</dt>
              <dd>
                <a className={buttonClass({ variant: 'outline' })} href={telHref(message.phone)}>
                  {t('call', { phone: message.phone })}
                </a>
              </dd>
            </>
          )}
        </dl>
        {message.message && <p className={styles.fullMessage}>{message.message}</p>}
        {message.userAgent && (
          <details className={styles.userAgent}>
            <summary>{t('showUserAgent')}</summary>
            <code>{message.userAgent}</code>
            {message.ip && <p className={styles.muted}>{message.ip}</p>}
          </details>
        )}
        <Button
          variant="outline"
          disabled={mark.isPending}
          onClick={() => mark.mutate({ id: message._id, read: message.readAt === null })}
        >
          {message.readAt === null ? t('state.markRead') : t('state.markUnread')}
        </Button>
        <MessageReplyForm message={message} />
      </div>
    </Modal>
  );
}
