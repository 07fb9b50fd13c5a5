// Text from data (a customer's name, a message, a boat's title) goes into an e-mail's HTML only
// through this (docs/security.md#html-from-data): one escaping rule for every renderer.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
