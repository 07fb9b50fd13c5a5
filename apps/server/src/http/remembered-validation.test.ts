import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { availabilityQuerySchema } from '@boats/domain/schemas/slot';
import { rememberedValidation } from './remembered-validation';

const validator = (schema: z.ZodType) =>
  rememberedValidation<z.ZodType>()({ schema, method: 'GET', url: '/x', httpPart: 'querystring' });

const month = { start: '2027-03-01T00:00:00.000Z', end: '2027-04-01T00:00:00.000Z' };

describe('rememberedValidation', () => {
  it('answers a valid query as zod does, the same value on every ask', () => {
    const validate = validator(availabilityQuerySchema);
    const first = validate({ ...month });
    expect(first).toEqual({ value: month });
    expect(validate({ ...month })).toEqual(first);
  });

  it('refuses an invalid query on every ask, however often it comes', () => {
    const validate = validator(availabilityQuerySchema);
    const backwards = { start: month.end, end: month.start };
    for (let i = 0; i < 3; i++) expect(validate({ ...backwards })).toHaveProperty('error');
    expect(validate({ start: 'soon', end: month.end })).toHaveProperty('error');
  });

  it('validates a repeated parameter (an array) as usual', () => {
    const validate = validator(availabilityQuerySchema);
    expect(validate({ start: [month.start, month.start], end: month.end })).toHaveProperty('error');
  });
});
