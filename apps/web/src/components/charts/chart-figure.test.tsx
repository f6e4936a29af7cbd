import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { ChartFigure } from './chart-figure';

const TABLE = {
  columns: [
    { key: 'day', label: 'Dia' },
    { key: 'n', label: 'Revisões', numeric: true },
  ],
  rows: [
    { key: '2026-11-12', cells: ['12/11', '40'] },
    { key: '2026-11-11', cells: ['11/11', '7'] },
  ],
};

describe('ChartFigure', () => {
  it('shows the title, the summary and the chart, and toggles to an accessible table and back', async () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ChartFigure
          title="Revisões por dia"
          summary="Você revisou 47 cartões em 2 dias; o melhor dia foi 12/11 com 40."
          table={TABLE}
          minChartWidth={600}
        >
          <svg data-testid="drawing" />
        </ChartFigure>
      </I18nextProvider>,
    );
    const figure = screen.getByRole('figure', { name: 'Revisões por dia' });
    expect(within(figure).getByRole('heading', { level: 2 })).toHaveTextContent('Revisões por dia');
    expect(
      within(figure).getByText('Você revisou 47 cartões em 2 dias; o melhor dia foi 12/11 com 40.'),
    ).toBeInTheDocument();
    // The drawing is hidden from assistive technology, inside a focusable scrolling box.
    const drawing = screen.getByTestId('drawing');
    expect(drawing.parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(drawing.parentElement).toHaveStyle({ minWidth: '600px' });
    expect(screen.getByRole('region', { name: /Revisões por dia: gráfico/ })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ver como tabela' }));
    const table = screen.getByRole('table', { name: 'Revisões por dia' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Dia', 'Revisões']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['12/11', '11/11']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['40', '7']);
    expect(screen.queryByTestId('drawing')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ver como gráfico' }));
    expect(screen.getByTestId('drawing')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('with nothing to draw shows the title and the summary only: no empty axes, no toggle', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ChartFigure
          title="Notas médias da turma"
          summary="Ninguém entregou uma lista ainda: as notas aparecem aqui."
          table={{ columns: TABLE.columns, rows: [] }}
          actions={<button type="button">Baixar CSV</button>}
          empty
        >
          <svg data-testid="drawing" />
        </ChartFigure>
      </I18nextProvider>,
    );
    const figure = screen.getByRole('figure', { name: 'Notas médias da turma' });
    expect(within(figure).getByText(/Ninguém entregou/)).toBeInTheDocument();
    expect(screen.queryByTestId('drawing')).toBeNull();
    expect(within(figure).queryByRole('button')).toBeNull();
  });
});
