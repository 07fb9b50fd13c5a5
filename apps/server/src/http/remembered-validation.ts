// For the reads answered from memory (a month, a booking page): everyone asks them with the same
// few parameters, and validating those with zod on every request cost more of a cached answer
// than its look-up (a CPU profile under the bench's month scenario, 2026-11-27). A valid input's
// validated value depends on its strings alone, so a route compiled with this remembers it per
// input and validates each distinct input once. Invalid inputs are validated every time and
// remembered never, so bad requests cannot fill the memory; inputs that are not flat strings
// (repeated query parameters) are validated as usual.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** Distinct inputs remembered per route and part (the months of a year of every boat fit). */
const MAX_REMEMBERED = 5000;

/** A route's validator compiler (`validatorCompiler: rememberedValidation()`); its schemas are zod's. */
export function rememberedValidation<S>(): FastifySchemaCompiler<S> {
  return (routeSchema) => {
    const validate = validatorCompiler(routeSchema as unknown as Parameters<typeof validatorCompiler>[0]);
    const remembered = new Map<string, unknown>();
    return (data: unknown) => {
      const key = keyOf(data);
      if (key === undefined) return validate(data);
      const known = remembered.get(key);
      if (known !== undefined) return { value: known };
      const result = validate(data);
      // fastify-type-provider-zod answers { value } or { error }, synchronously.
      if (typeof result === 'object' && 'value' in result && result.error === undefined) {
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(key, result.value);
      }
      return result;
    };
  };
}

/** The input's names and values in one string, when every value is a string. */
function keyOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  let key = '';
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string') return undefined;
    key += `${name}\u0000${value}\u0000`;
  }
  return key;
}
