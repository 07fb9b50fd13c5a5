// GET /api/admin/boats: the boats a schedule, a day or a calendar feed can be for.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { localizedText } from '@boats/domain/schemas/boat';
import { adminFetch } from '../../../shared/auth/admin-fetch';

const boatsSchema = z.object({
  items: z.array(z.object({ _id: z.string(), title: z.string(), titleI18n: localizedText.optional() })),
});
export type ScheduleBoat = z.infer<typeof boatsSchema>['items'][number];

function getScheduleBoats(signal?: AbortSignal): Promise<ScheduleBoat[]> {
  return adminFetch('/api/admin/boats', { schema: boatsSchema, signal }).then((a) => a.items);
}

const scheduleBoatsQueryOptions = () =>
  queryOptions({
    queryKey: ['schedule', 'boats'] as const,
    queryFn: ({ signal }) => getScheduleBoats(signal),
  });

export function useScheduleBoats() {
  return useQuery(scheduleBoatsQueryOptions());
}
