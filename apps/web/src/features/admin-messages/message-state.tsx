// New, read or replied: a message's state as a small badge.
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@boats/domain/schemas/messages';
import { Badge, type BadgeTone } from '../../shared/ui/badge';

function messageState(message: ContactMessage): 'new' | 'read' | 'replied' {
  if (message.repliedAt) return 'replied';
  return message.readAt ? 'read' : 'new';
}

const TONE = { new: 'warning', read: 'neutral', replied: 'success' } satisfies Record<
  ReturnType<typeof messageState>,
  BadgeTone
>;

export function MessageState({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('admin-messages');
  const state = messageState(message);
  return <Badge tone={TONE[state]}>{t(`state.${state}`)}</Badge>;
}
