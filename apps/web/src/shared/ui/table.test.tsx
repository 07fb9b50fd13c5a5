import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyCard } from './card';
import { Cell, ClickableRow, SortHeader, Table } from './table';

describe('Table', () => {
  it('is a table whose cells carry their column name for the phone cards', () => {
    render(
      <Table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">IP</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <Cell label="Name">Ana</Cell>
            <Cell label="IP" wideOnly>
              10.0.0.1
            </Cell>
          </tr>
        </tbody>
      </Table>,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'IP']);
    const cell = within(table).getByRole('cell', { name: 'Ana' });
    expect(cell.dataset.label).toBe('Name');
  });

  it('says when it is being refreshed', () => {
    const { container } = render(
      <Table busy>
        <tbody>
          <tr>
            <td>x</td>
          </tr>
        </tbody>
      </Table>,
    );
    expect(container.querySelector('[aria-busy="true"]')?.contains(screen.getByRole('table'))).toBe(true);
  });

  it('sorts by a column and says the order to screen readers', async () => {
    const onSort = vi.fn();
    const { rerender } = render(
      <Table>
        <thead>
          <tr>
            <SortHeader label="Name" order={undefined} onSort={onSort} />
          </tr>
        </thead>
      </Table>,
    );
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('aria-sort')).toBeNull();
    await userEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenCalledTimes(1);
    rerender(
      <Table>
        <thead>
          <tr>
            <SortHeader label="Name" order="descending" onSort={onSort} />
          </tr>
        </thead>
      </Table>,
    );
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('opens a row on click', async () => {
    const open = vi.fn();
    render(
      <Table>
        <tbody>
          <ClickableRow onClick={open}>
            <Cell label="Name">Ana</Cell>
          </ClickableRow>
        </tbody>
      </Table>,
    );
    await userEvent.click(screen.getByRole('cell', { name: 'Ana' }));
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('EmptyCard', () => {
  it('says that nothing matches', () => {
    render(<EmptyCard>No messages</EmptyCard>);
    expect(screen.getByText('No messages')).toBeTruthy();
  });
});
