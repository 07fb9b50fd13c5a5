import { describe, expect, it } from 'vitest';
import { isRefusedReturn } from './payment-return-status';
import { ticketSvg } from './ticket-svg';

describe('ticket SVG', () => {
  it('is a 900×360 SVG that names and encodes the ticket code', () => {
    const svg = ticketSvg({
      code: 'TK-AB12<CD',
      boat: 'Teide Spirit',
      when: '25/11/2026 10:00–13:00',
      harbour: 'Puerto Colón',
      seatLabel: 'Seat 1',
      typeLabel: 'Adult',
      price: '€60.00',
      shortNumberLabel: 'Ticket',
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const root = doc.documentElement;
    expect([root.getAttribute('width'), root.getAttribute('height')]).toEqual(['900', '360']);
    expect(root.textContent).toContain('TK-AB12<CD');
    expect(doc.querySelectorAll('path').length).toBe(1);
  });
});

describe('card redirects and booking numbers', () => {
  it('a refused authentication is told apart from one to confirm', () => {
    expect(isRefusedReturn('failed')).toBe(true);
    expect(isRefusedReturn('requires_payment_method')).toBe(true);
    expect(isRefusedReturn('succeeded')).toBe(false);
    expect(isRefusedReturn(null)).toBe(false);
  });
});
