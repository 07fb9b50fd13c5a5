// POST /api/admin/boats/{id}/schedule/preview and /schedule: the plan, then carrying it out.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  scheduleCreatedSchema,
  schedulePlanSchema,
  type ScheduleInput,
  type SchedulePlanDto,
} from '@boats/domain/schemas/schedule';
import { adminFetch } from '../../../shared/auth/admin-fetch';

type Request = { boatId: string; input: ScheduleInput };
const base = (boatId: string) => `/api/admin/boats/${encodeURIComponent(boatId)}/schedule`;

function previewSchedule({ boatId, input }: Request): Promise<SchedulePlanDto> {
  return adminFetch(`${base(boatId)}/preview`, { method: 'POST', body: input, schema: schedulePlanSchema });
}

function createSchedule({ boatId, input }: Request) {
  return adminFetch(base(boatId), { method: 'POST', body: input, schema: scheduleCreatedSchema });
}

export function usePreviewSchedule() {
  return useMutation({ mutationFn: previewSchedule });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trips'] }),
  });
}
