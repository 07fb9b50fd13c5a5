import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { CsvFormatFields, useCsvFormat } from './csv-format';

beforeAll(setupTestI18n);

function Fields() {
  return <CsvFormatFields {...useCsvFormat('en')} />;
}

describe("an export's format", () => {
  it("follows the chosen language's spreadsheets until the separator is chosen apart", async () => {
    render(<Fields />);
    const language = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Spreadsheet language' });
    const format = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Spreadsheet format' });
    expect(format.value).toBe('comma');
    await userEvent.selectOptions(language, 'es');
    expect(format.value).toBe('semicolon');
    await userEvent.selectOptions(format, 'comma');
    expect(language.value).toBe('es');
    expect(format.value).toBe('comma');
  });
});
