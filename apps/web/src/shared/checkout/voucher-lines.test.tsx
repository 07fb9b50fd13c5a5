// The two lines a booking paid partly by gift voucher shows (review, payment step, confirmation,
// manage my booking): the voucher's part and the card's, in the reader's money format.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { setupTestI18n } from '../test/test-i18n';
import { VoucherLines } from './voucher-lines';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the voucher summary lines', () => {
  it('before paying: the voucher with its code, and what is left to pay by card', () => {
    render(<VoucherLines code="GV-7KQ2-M9XD" voucherCents={15_000} cardCents={21_000} />);
    expect(screen.getByText('Gift voucher GV-7KQ2-M9XD')).toBeTruthy();
    expect(screen.getByTestId('voucher-part').textContent).toBe('−€150.00');
    expect(screen.getByText('To pay by card')).toBeTruthy();
    expect(screen.getByTestId('card-part').textContent).toBe('€210.00');
  });

  it('after paying: "Paid by card", and a voucher that paid it all leaves €0.00 to the card', () => {
    render(<VoucherLines voucherCents={36_000} cardCents={0} paid />);
    expect(screen.getByText('Gift voucher')).toBeTruthy();
    expect(screen.getByText('Paid by card')).toBeTruthy();
    expect(screen.getByTestId('card-part').textContent).toBe('€0.00');
  });

  it('says nothing without a voucher part', () => {
    const { container } = render(<VoucherLines voucherCents={0} cardCents={36_000} />);
    expect(container.textContent).toBe('');
  });

  it('in German: the words and the money as a German reader writes them', async () => {
    await i18n.changeLanguage('de');
    render(<VoucherLines code="GV-7KQ2-M9XD" voucherCents={15_000} cardCents={123_450} />);
    expect(screen.getByText('Gutschein GV-7KQ2-M9XD')).toBeTruthy();
    expect(screen.getByText('Mit Karte zu zahlen')).toBeTruthy();
    expect(screen.getByTestId('voucher-part').textContent).toBe('−150,00\u00a0€');
    expect(screen.getByTestId('card-part').textContent).toBe('1.234,50\u00a0€');
  });

  it('follows a language switch on the page: the language comes from the i18n context, not a prop', async () => {
    render(<VoucherLines voucherCents={15_000} cardCents={123_450} />);
    expect(screen.getByTestId('card-part').textContent).toBe('€1,234.50');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText('Mit Karte zu zahlen')).toBeTruthy();
    expect(screen.getByTestId('card-part').textContent).toBe('1.234,50\u00a0€');
  });
});
