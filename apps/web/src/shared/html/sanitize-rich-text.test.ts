import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText', () => {
  it('keeps text formatting and web links', () => {
    expect(
      sanitizeRichText('<p>Sun <strong>deck</strong> and <a href="https://example.com">more</a></p>'),
    ).toBe('<p>Sun <strong>deck</strong> and <a href="https://example.com">more</a></p>');
  });

  it('drops images, scripts, handlers and script links', () => {
    const clean = sanitizeRichText(
      '<img src=x onerror=alert(1)><script>alert(2)</script><b onclick="x()">bold</b><a href="javascript:alert(3)">x</a>',
    );
    expect(clean).toBe('<b>bold</b><a>x</a>');
  });

  it('drops styles, forms and iframes but keeps their text', () => {
    expect(sanitizeRichText('<style>p{}</style><form><input>Hi</form><iframe src="/"></iframe>')).toBe('Hi');
  });
});
