import type { MessageSortField } from '@boats/domain/schemas/messages';

/** Clicking the sorted column flips its direction; a new column starts ascending (docs/product.md §2). */
export function nextSort(
  current: { sort: MessageSortField; order: 'asc' | 'desc' },
  field: MessageSortField,
): { sort: MessageSortField; order: 'asc' | 'desc' } {
  if (current.sort === field) return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: 'asc' };
}
