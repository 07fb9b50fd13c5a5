// The boat's secret iCal feed URL: read (made on first request) and rotate.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedSchema } from '@boats/domain/schemas/schedule';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const path = (boatId: string) => `/api/admin/boats/${encodeURIComponent(boatId)}/calendar-feed`;

export const calendarFeedQueryOptions = (boatId: string) =>
  queryOptions({
    queryKey: ['schedule', 'calendar-feed', boatId] as const,
    queryFn: ({ signal }) => adminFetch(path(boatId), { schema: calendarFeedSchema, signal }),
    staleTime: Infinity,
  });

export function useCalendarFeed(boatId: string, enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(boatId), enabled });
}

export function useRotateCalendarFeed(boatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminFetch(`${path(boatId)}/rotate`, { method: 'POST', schema: calendarFeedSchema }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions(boatId).queryKey, feed),
  });
}
