import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Hero } from './hero';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

describe('Hero', () => {
  it("uses the spec's defaults", () => {
    const { container } = render(<Hero />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AD BOAT RENTAL');
    expect(screen.getByText('BOAT RENTAL')).toBeTruthy();
    expect(
      screen.getByText(
        'Exclusive boat rental on Tenerife with a premium selection of stylish, award-winning boats in a stunning location.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe('#book');
    expect(screen.getByRole('img', { name: 'AD Boat Rental logo' }).getAttribute('src')).toBe(
      '/media/brand/logo.svg',
    );
    expect(container.querySelector('picture img')?.getAttribute('src')).toBe('/media/hero/poster-1280.jpg');
    // No rating until the site's is known, and none while nobody has reviewed.
    expect(screen.queryByText(/Rated/)).toBeNull();
  });

  it('shows the real rating with its plural', () => {
    const { rerender } = render(<Hero rating={{ average: 4.85, count: 31 }} />);
    expect(screen.getByText(/Rated 4.9 out of 5 by 31 guests/)).toBeTruthy();
    rerender(<Hero rating={{ average: 5, count: 1 }} />);
    expect(screen.getByText(/Rated 5.0 out of 5 by 1 guest$/)).toBeTruthy();
    rerender(<Hero rating={{ average: 0, count: 0 }} />);
    expect(screen.queryByText(/Rated/)).toBeNull();
  });

  it('takes every input from its props', () => {
    const { container } = render(
      <Hero
        videoSrc="/v.mp4"
        poster="/p.jpg"
        brandLogo="/l.svg"
        brandText="YACHTS"
        headline="SAIL AWAY"
        subheadline="Sub"
        bookHref="/booking"
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('SAIL AWAY');
    expect(screen.getByText('YACHTS')).toBeTruthy();
    expect(screen.getByText('Sub')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe('/booking');
    expect(screen.getByRole('img', { name: 'AD Boat Rental logo' }).getAttribute('src')).toBe('/l.svg');
    expect(container.querySelector('picture img')?.getAttribute('src')).toBe('/p.jpg');
  });

  it('gives the video no source before the page has loaded, so the poster paints first', () => {
    const { container } = render(<Hero />);
    const video = container.querySelector('video');
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
    expect(video?.querySelectorAll('source')).toHaveLength(0);
  });
});
