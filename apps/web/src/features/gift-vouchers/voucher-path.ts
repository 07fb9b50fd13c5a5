/** The printable voucher's address, as the e-mail's link has it. */
export function voucherPagePath(id: string, token: string): string {
  return `/gift/voucher?${new URLSearchParams({ id, token }).toString()}`;
}
