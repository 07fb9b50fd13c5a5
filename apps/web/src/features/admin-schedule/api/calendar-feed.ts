// The boat's secret iCal feed URL: read (made on first request) and rotate. The URL carries the
// language the operator reads the back office in (`?lang=`): a calendar app fetches the feed
// without one, and the events are written in it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedSchema } from '@boats/domain/schemas/schedule';
import { adminFetch } from '../../../shared/auth/admin-fetch';
import type { LanguageCode } from '@boats/domain/languages';
import { currentLanguage } from '../../../shared/i18n/i18n';

const path = (boatId: string) => `/api/admin/boats/${encodeURIComponent(boatId)}/calendar-feed`;

const calendarFeedQueryOptions = (boatId: string, lang: LanguageCode) =>
  queryOptions({
    queryKey: ['schedule', 'calendar-feed', boatId, lang] as const,
    queryFn: ({ signal }) =>
      adminFetch(`${path(boatId)}?lang=${lang}`, { schema: calendarFeedSchema, signal }),
    staleTime: Infinity,
  });

export function useCalendarFeed(boatId: string, enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(boatId, currentLanguage()), enabled });
}

export function useRotateCalendarFeed(boatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminFetch(`${path(boatId)}/rotate?lang=${currentLanguage()}`, {
        method: 'POST',
        schema: calendarFeedSchema,
      }),
    // Every language's address holds the old secret: drop them all, keep the new one.
    onSuccess: (feed) => {
      queryClient.removeQueries({ queryKey: ['schedule', 'calendar-feed', boatId] });
      queryClient.setQueryData(calendarFeedQueryOptions(boatId, currentLanguage()).queryKey, feed);
    },
  });
}
