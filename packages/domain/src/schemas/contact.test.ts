import { describe, expect, it } from 'vitest';
import {
  bookingContactSchema,
  contactLeadSchema,
  isHoneypotTripped,
  loginSchema,
  normalizePhone,
  contactFor,
  onlineBookingContactSchema,
} from './contact';

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('bookingContactSchema', () => {
  it('accepts a name with email or phone, trimming and normalising', () => {
    expect(bookingContactSchema.parse({ name: '  Al ', email: ' al@mar.es ' })).toEqual({
      name: 'Al',
      email: 'al@mar.es',
    });
    expect(bookingContactSchema.parse({ name: 'Al', phone: '+34 600-12-34-56', email: '' })).toEqual({
      name: 'Al',
      phone: '+34600123456',
    });
  });

  it('needs a trimmed name of at least 2 characters', () => {
    expect(issues(bookingContactSchema.safeParse({ name: ' A ', email: 'a@b.es' }))).toEqual([
      'name:validation.minChars2',
    ]);
  });

  it('checks the phone is 7 to 15 digits after an optional +', () => {
    const phone = (p: string) => issues(bookingContactSchema.safeParse({ name: 'Al', phone: p }));
    expect(phone('1234567')).toEqual([]);
    expect(phone('+123456789012345')).toEqual([]);
    expect(phone('123456')).toEqual(['phone:validation.phoneIntl']);
    expect(phone('+1234567890123456')).toEqual(['phone:validation.phoneIntl']);
    expect(phone('12+34567')).toEqual(['phone:validation.phoneIntl']);
    expect(phone('abc')).toEqual(['phone:validation.phoneIntl']);
    expect(normalizePhone('(+34) 600 12 34 56')).toBe('+34600123456');
  });

  it('reports a bad email on email', () => {
    expect(issues(bookingContactSchema.safeParse({ name: 'Al', email: 'al@mar' }))).toEqual([
      'email:validation.email',
    ]);
  });

  it('needs email or phone, reported on both fields', () => {
    expect(issues(bookingContactSchema.safeParse({ name: 'Al', email: ' ', phone: '' }))).toEqual([
      'email:validation.emailOrPhone',
      'phone:validation.emailOrPhone',
    ]);
  });
});

describe('onlineBookingContactSchema', () => {
  it('needs the e-mail the tickets and manage my booking go through; the phone is optional', () => {
    expect(onlineBookingContactSchema.parse({ name: 'Al', email: ' al@mar.es ', phone: '' })).toEqual({
      name: 'Al',
      email: 'al@mar.es',
    });
    expect(
      issues(onlineBookingContactSchema.safeParse({ name: 'Al', email: '', phone: '+34600123456' })),
    ).toEqual(['email:validation.email']);
    expect(
      issues(onlineBookingContactSchema.safeParse({ name: 'Al', email: 'al@mar.es', phone: '12' })),
    ).toEqual(['phone:validation.phoneIntl']);
  });
});

describe('contactFor', () => {
  it('asks the address of a booking whose invoice names the customer: above 400 €, not at it', () => {
    const ana = { name: 'Ana', email: 'ana@mar.es', address: '  ' };
    expect(issues(contactFor(40_001).safeParse(ana))).toEqual(['address:validation.invoiceAddress']);
    expect(contactFor(40_000).parse(ana)).toEqual({ name: 'Ana', email: 'ana@mar.es' });
    expect(contactFor(40_001).parse({ ...ana, address: ' Calle La Hoya 5 ' }).address).toBe(
      'Calle La Hoya 5',
    );
  });
});

describe('contactLeadSchema', () => {
  it('defaults the source to landing and keeps the phone as typed', () => {
    expect(contactLeadSchema.parse({ name: 'Olga', phone: '+7 (912) 345-67' })).toEqual({
      name: 'Olga',
      phone: '+7 (912) 345-67',
      source: 'landing',
    });
  });

  it('needs 7 digits and only phone characters', () => {
    const phone = (p: string) => issues(contactLeadSchema.safeParse({ name: 'Olga', phone: p }));
    expect(phone('123-45-67')).toEqual([]);
    expect(phone('123-45-6')).toEqual(['phone:validation.phone']);
    expect(phone('123.456.789')).toEqual(['phone:validation.phone']);
  });

  it('limits the message to 2000 characters', () => {
    const base = { name: 'Olga', email: 'o@x.ru' };
    expect(contactLeadSchema.safeParse({ ...base, message: 'x'.repeat(2000) }).success).toBe(true);
    expect(issues(contactLeadSchema.safeParse({ ...base, message: 'x'.repeat(2001) }))).toEqual([
      'message:validation.maxChars2000',
    ]);
  });

  it('needs email or phone and accepts known sources only', () => {
    expect(issues(contactLeadSchema.safeParse({ name: 'Olga' }))).toEqual([
      'email:validation.emailOrPhone',
      'phone:validation.emailOrPhone',
    ]);
    expect(contactLeadSchema.safeParse({ name: 'Olga', email: 'o@x.ru', source: 'spam' }).success).toBe(
      false,
    );
  });

  it('spots the honeypot', () => {
    const lead = contactLeadSchema.parse({ name: 'Bot', email: 'b@x.io', website: 'http://spam' });
    expect(isHoneypotTripped(lead)).toBe(true);
    expect(isHoneypotTripped({})).toBe(false);
  });
});

describe('loginSchema', () => {
  it('checks email and a 6-character password; remember defaults to false', () => {
    expect(loginSchema.parse({ email: 'admin@boats.es', password: '123456' })).toEqual({
      email: 'admin@boats.es',
      password: '123456',
      remember: false,
    });
    expect(issues(loginSchema.safeParse({ email: 'admin', password: '12345' }))).toEqual([
      'email:validation.email',
      'password:validation.minChars6',
    ]);
  });
});
