import { afterEach, describe, expect, it, vi } from 'vitest';
import { boat } from '../test/fixtures';
import { getBoats } from './get-boats';

afterEach(() => vi.unstubAllGlobals());

describe('getBoats', () => {
  it('sanitises every translated description before it is cached or shown', async () => {
    const hostile = {
      ...boat,
      descriptionI18n: {
        en: 'A <b>fast</b> yacht<img src=x onerror="alert(1)">',
        ru: '<script>x()</script><i>быстрая</i>',
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ items: [hostile] }), { status: 200 }))),
    );
    const [loaded] = await getBoats();
    expect(loaded!.descriptionI18n).toEqual({ en: 'A <b>fast</b> yacht', ru: '<i>быстрая</i>' });
  });
});
