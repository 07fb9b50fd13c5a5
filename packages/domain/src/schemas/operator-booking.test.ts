// One form schema for a sale staff or an agent take (saleFormSchema): the same parts and checks,
// the agent's differences as parameters (its payment choices, a party of nobody refused).
import { describe, expect, it } from 'vitest';
import { agentBookingFormSchema } from './agents';
import { operatorBookingFormSchema } from './operator-booking';

const typed = {
  passengers: { adults: '2', children50: '1', kidsFree: '0' },
  durationHours: '',
  customer: { name: 'Familie Becker', phone: '', email: 'becker@example.de' },
  language: 'de',
  payment: { method: 'cash', holdHours: '6' },
};

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('the sale form of staff and of agents', () => {
  it('reads the typed party and hours into the request both send', () => {
    const expected = {
      passengers: { adults: 2, children50: 1, kidsFree: 0 },
      durationHours: undefined,
      payment: { method: 'cash', holdHours: 6 },
    };
    expect(operatorBookingFormSchema.parse(typed)).toMatchObject(expected);
    expect(agentBookingFormSchema.parse(typed)).toMatchObject(expected);
    expect(agentBookingFormSchema.parse({ ...typed, durationHours: '3' }).durationHours).toBe(3);
  });

  it('offers each seller its own ways to pay', () => {
    const terminal = { ...typed, payment: { method: 'terminal', holdHours: '' } };
    expect(operatorBookingFormSchema.safeParse(terminal).success).toBe(true);
    expect(paths(agentBookingFormSchema.safeParse(terminal))).toEqual(['payment.method']);
  });

  it('refuses a party of nobody on the agent’s form; the crew’s leaves it to the server', () => {
    const nobody = { ...typed, passengers: { adults: '0', children50: '0', kidsFree: '0' } };
    expect(paths(agentBookingFormSchema.safeParse(nobody))).toEqual(['passengers.adults']);
    expect(operatorBookingFormSchema.safeParse(nobody).success).toBe(true);
  });

  it('asks both for the e-mail and the hold of a payment link', () => {
    const link = {
      ...typed,
      customer: { ...typed.customer, phone: '+34 600 123 456', email: '' },
      payment: { method: 'link', holdHours: '' },
    };
    for (const schema of [operatorBookingFormSchema, agentBookingFormSchema]) {
      expect(paths(schema.safeParse(link))).toEqual(['customer.email', 'payment.holdHours']);
    }
  });
});
