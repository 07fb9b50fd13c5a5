// GET /api/admin/bookings/channels?month=&by=: the month's bookings per channel (euros).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportPeriodBasis } from '@boats/domain/channel-report';
import { channelReportSchema, type ChannelReport } from '@boats/domain/schemas/channel-report';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getChannelReport(
  month: string,
  by: ReportPeriodBasis,
  signal?: AbortSignal,
): Promise<ChannelReport> {
  const query = new URLSearchParams({ month, by }).toString();
  return adminFetch(`/api/admin/bookings/channels?${query}`, { schema: channelReportSchema, signal });
}

const channelReportQueryOptions = (month: string, by: ReportPeriodBasis) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'channels', month, by] as const,
    queryFn: ({ signal }) => getChannelReport(month, by, signal),
  });

export function useChannelReport(month: string, by: ReportPeriodBasis) {
  return useQuery(channelReportQueryOptions(month, by));
}
