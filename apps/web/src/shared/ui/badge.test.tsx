import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';

describe('Badge', () => {
  it('shows its word as text, each tone told apart by its look', () => {
    render(
      <>
        <Badge tone="warning">Pending</Badge>
        <Badge tone="danger">Canceled</Badge>
        <Badge>Read</Badge>
      </>,
    );
    const looks = ['Pending', 'Canceled', 'Read'].map((word) => screen.getByText(word).className);
    expect(new Set(looks).size).toBe(3);
  });
});
