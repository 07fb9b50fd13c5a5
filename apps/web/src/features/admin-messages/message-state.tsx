// New, read or replied: a message's state as a small badge.
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@boats/domain/schemas/messages';
import styles from './admin-messages.module.css';

export function messageState(message: ContactMessage): 'new' | 'read' | 'replied' {
  if (message.repliedAt) return 'replied';
  return message.readAt ? 'read' : 'new';
}

export function MessageState({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('admin-messages');
  const state = messageState(message);
  return <span className={`${styles.state} ${styles[state]}`}>{t(`state.${state}`)}</span>;
}
