// The KPI tiles: the spec's four in the spec's order (paid + confirmed + completed, revenue, seats
// sold, completed), and the money held on canceled bookings only after them (issue 40's walkthrough).
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { BookingsKpiTiles } from './bookings-kpis';

beforeAll(setupTestI18n);
afterEach(cleanup);

describe('the KPI tiles', () => {
  it("show the spec's four first, in its order, and the money held fifth", () => {
    render(
      <MemoryRouter>
        <BookingsKpiTiles
          kpis={{ count: 12, revenue: 1840.5, held: 60, seatsSold: 31, completed: 4, byChannel: [] }}
        />
      </MemoryRouter>,
    );
    const tiles = screen.getByRole('region', { name: 'Figures for the selected period' });
    expect([...tiles.querySelectorAll('[data-testid]')].map((el) => el.getAttribute('data-testid'))).toEqual([
      'kpi-count',
      'kpi-revenue',
      'kpi-seats',
      'kpi-completed',
      'kpi-held',
    ]);
    // Revenue said once, as the channel report says it, with the way to that report.
    expect(tiles.textContent).toContain(
      "Revenue is what the platform keeps: what customers were charged at retail, less the agents' and resellers' commission, less refunds.",
    );
    expect(screen.getByRole('link', { name: 'Channel report' }).getAttribute('href')).toBe(
      '/admin/bookings/channels',
    );
  });
});
