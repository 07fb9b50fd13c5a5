// The floating "Book now" leads to #contact: the section opens with a way to book, above the form.
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { ContactSection } from './contact-section';

beforeAll(setupTestI18n);

describe('the contact section', () => {
  it('offers to book before the contact form', () => {
    render(
      <MemoryRouter>
        <ContactSection />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Contact us' });
    const book = within(section).getByRole('link', { name: 'Book a trip' });
    expect(book.getAttribute('href')).toBe('/booking');
    const heading = within(section).getByRole('heading', { name: 'Contact us' });
    const ownersTitle = within(section).getByRole('heading', { name: 'Do you own a boat?' });
    // Right under the heading, before the invitation to write and the form.
    expect(heading.compareDocumentPosition(book) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(book.compareDocumentPosition(ownersTitle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
