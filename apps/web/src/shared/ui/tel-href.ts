// A phone number as typed ("+34 611 22 33 44", "(922) 12-34-56") becomes a link a phone dials:
// only the digits and a leading plus survive.
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
