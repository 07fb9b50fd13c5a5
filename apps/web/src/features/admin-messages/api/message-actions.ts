// POST /messages/admin/messages/{id}/read and /reply: the message comes back as it now stands,
// and every cached page of the list is asked again so its read/replied marks follow.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  contactMessageResponseSchema,
  type ContactMessage,
  type MessageReply,
} from '@boats/domain/schemas/messages';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const MESSAGES_QUERY_ROOT = ['admin', 'messages'] as const;

const path = (id: string, action: 'read' | 'reply') =>
  `/messages/admin/messages/${encodeURIComponent(id)}/${action}`;

async function markMessageRead(id: string, read: boolean): Promise<ContactMessage> {
  return (
    await adminFetch(path(id, 'read'), {
      method: 'POST',
      body: { read },
      schema: contactMessageResponseSchema,
    })
  ).message;
}

async function replyToMessage(id: string, reply: MessageReply): Promise<ContactMessage> {
  return (
    await adminFetch(path(id, 'reply'), { method: 'POST', body: reply, schema: contactMessageResponseSchema })
  ).message;
}

function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT });
}

export function useMarkMessageRead() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => markMessageRead(id, read),
    onSettled: refresh,
  });
}

export function useReplyToMessage(id: string) {
  const refresh = useRefreshList();
  return useMutation({ mutationFn: (reply: MessageReply) => replyToMessage(id, reply), onSettled: refresh });
}
