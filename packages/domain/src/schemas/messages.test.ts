import { describe, expect, it } from 'vitest';
import {
  contactMessageSchema,
  messagesDateBounds,
  messagesPageSchema,
  messagesQuerySchema,
} from './messages';

describe('messagesQuerySchema', () => {
  it('has the spec defaults', () => {
    expect(messagesQuerySchema.parse({})).toEqual({ page: 1, limit: 20, sort: 'createdAt', order: 'desc' });
    expect(messagesQuerySchema.parse({ page: '', limit: '', search: '' })).toEqual({
      page: 1,
      limit: 20,
      sort: 'createdAt',
      order: 'desc',
    });
  });

  it('accepts only the page sizes 10, 20, 50, 100', () => {
    for (const ok of ['10', '20', '50', '100'])
      expect(messagesQuerySchema.parse({ limit: ok }).limit).toBe(Number(ok));
    expect(messagesQuerySchema.safeParse({ limit: '30' }).success).toBe(false);
    expect(messagesQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(messagesQuerySchema.safeParse({ sort: 'ip' }).success).toBe(false);
  });

  it('takes day keys or instants for from and to', () => {
    const q = messagesQuerySchema.parse({ from: '2027-10-31', to: '2027-10-31', source: 'widget' });
    expect(q).toMatchObject({ from: '2027-10-31', to: '2027-10-31', source: 'widget' });
    expect(messagesQuerySchema.safeParse({ from: '31/10/2027' }).success).toBe(false);
  });
});

describe('messagesDateBounds', () => {
  it('turns day keys into the whole Canary day, 25 hours on 2027-10-31', () => {
    const bounds = messagesDateBounds({ from: '2027-10-31', to: '2027-10-31' });
    expect(bounds.from?.toISOString()).toBe('2027-10-30T23:00:00.000Z');
    expect(bounds.toExclusive?.toISOString()).toBe('2027-11-01T00:00:00.000Z');
  });

  it('keeps instants, with to inclusive', () => {
    const bounds = messagesDateBounds({ to: '2027-06-01T10:00:00.000Z' });
    expect(bounds).toEqual({ toExclusive: new Date('2027-06-01T10:00:00.001Z') });
    expect(messagesDateBounds({})).toEqual({});
  });
});

describe('message schemas', () => {
  it('accepts a page of messages', () => {
    const message = {
      _id: '00000000-0000-4000-8000-000000000021',
      createdAt: '2027-06-01T10:00:00.000Z',
      name: 'Olga',
      email: null,
      phone: '+7 912',
      source: 'landing',
      message: null,
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      language: 'ru',
      readAt: '2027-06-01T11:00:00.000Z',
      repliedAt: null,
      boat: null,
    };
    expect(contactMessageSchema.parse(message)).toEqual(message);
    const page = { success: true, data: { items: [message], total: 1, pages: 1, limit: 20 } };
    expect(messagesPageSchema.parse(page)).toEqual(page);
    expect(messagesPageSchema.safeParse({ ...page, success: false }).success).toBe(false);
  });
});

describe('messagesQuerySchema date range', () => {
  it('refuses a from-date after the to-date on the to field; the same day is fine', () => {
    const wrong = messagesQuerySchema.safeParse({ from: '2027-10-31', to: '2027-10-30' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', 'validation.toBeforeFrom'],
    ]);
    expect(messagesQuerySchema.safeParse({ from: '2027-10-31', to: '2027-10-31' }).success).toBe(true);
    expect(messagesQuerySchema.safeParse({ from: '2027-10-31' }).success).toBe(true);
  });
});
