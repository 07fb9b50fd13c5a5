// Ticket codes typed at the pier: the crew's way of writing one finds the printed code.
import { describe, expect, it } from 'vitest';
import { checkinRequestSchema } from './trips';

const read = (code: string) => checkinRequestSchema.parse({ code }).code;

describe('a typed ticket code', () => {
  it.each([
    ['TF-7KQ2-M9XD-4H', 'as printed'],
    ['tf-7kq2-m9xd-4h', 'in lower case'],
    ['TF7KQ2M9XD4H', 'without dashes'],
    [' tf 7kq2 m9xd 4h ', 'with spaces'],
  ])('%s (%s) is TF-7KQ2-M9XD-4H', (typed) => {
    expect(read(typed)).toBe('TF-7KQ2-M9XD-4H');
  });

  it('reads the letters the code leaves out as the digits they look like', () => {
    expect(read('tf-o1l0-io00-lo')).toBe('TF-0110-1000-10');
  });

  it('passes anything that is not a ticket code on, upper case, for the server to refuse', () => {
    expect(read('hello world')).toBe('HELLOWORLD');
  });
});
