import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('offers line breaks only after the @ and before dots, keeping the address whole', () => {
    const { container } = render(<EmailText email="maria.lopez@correo.example.es" />);
    expect(container.textContent).toBe('maria.lopez@correo.example.es');
    expect(container.innerHTML).toBe(
      '<span style="overflow-wrap: normal; word-break: keep-all;">maria<wbr>.lopez@<wbr>correo<wbr>.example<wbr>.es</span>',
    );
  });
});
