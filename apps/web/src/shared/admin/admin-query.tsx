// One back-office answer as the page shows it: a spinner while it loads, the server's refusal in
// the viewer's language if it fails (admin-error-text.ts), and the page's own view of the data.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Banner } from '../ui/banner';
import { PageLoading } from '../ui/page-loading';
import { useAdminErrorText } from './admin-error-text';

export function AdminQuery<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const errorText = useAdminErrorText();
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <Banner tone="error">{errorText(query.error)}</Banner>;
  return children(query.data);
}
