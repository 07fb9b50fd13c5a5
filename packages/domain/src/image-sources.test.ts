import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources';

describe('imageSources', () => {
  it('derives the 480/960 AVIF and WebP srcsets from an API image', () => {
    expect(imageSources('/media/boats/sea-breeze-2-960.webp')).toEqual({
      avif: '/media/boats/sea-breeze-2-480.avif 480w, /media/boats/sea-breeze-2-960.avif 960w',
      webp: '/media/boats/sea-breeze-2-480.webp 480w, /media/boats/sea-breeze-2-960.webp 960w',
      src: '/media/boats/sea-breeze-2-960.webp',
    });
  });

  it('leaves other images alone', () => {
    expect(imageSources('https://example.com/boat.jpg')).toBeNull();
  });
});
