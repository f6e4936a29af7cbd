import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { PreviewPane } from './preview-pane';

function show(props: Partial<Parameters<typeof PreviewPane>[0]>) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  return render(
    <I18nextProvider i18n={createI18n()}>
      <PreviewPane
        good={null}
        problem={null}
        drawing={false}
        title="Ciclo da água"
        errorId="err"
        onGoToLine={() => {}}
        {...props}
      />
    </I18nextProvider>,
  );
}

describe('PreviewPane with nothing drawn', () => {
  it('asks for code only when there is none; a code that does not draw is said to have an error', () => {
    show({});
    expect(screen.getByTestId('diagram-preview')).toHaveTextContent(
      'Escreva o código do diagrama para vê-lo aqui.',
    );
  });

  it('tells the author to fix the code (a saved diagram whose code does not draw)', () => {
    show({ problem: { line: 7, hint: 'unexpectedLineEnd' } });
    const preview = screen.getByTestId('diagram-preview');
    expect(preview).toHaveTextContent(
      'O código tem um erro (veja acima) e ainda não dá um desenho.',
    );
    expect(preview).not.toHaveTextContent('Escreva o código');
    expect(screen.getByRole('status')).toHaveTextContent('linha 7');
  });

  it('tells a reader of a shared diagram that it cannot be drawn, not to write code', () => {
    show({ problem: { line: 7, hint: 'unexpectedLineEnd' }, readOnly: true });
    expect(screen.getByTestId('diagram-preview')).toHaveTextContent(
      'O código deste diagrama tem um erro e não pode ser desenhado. Avise quem o compartilhou.',
    );
  });

  it('tells a diagram past the link limit as too large, not as a syntax error to fix', () => {
    show({ problem: { line: null, hint: 'tooLarge' } });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Diagrama grande demais');
    expect(status).toHaveTextContent('o limite é 500');
    expect(status).not.toHaveTextContent('Erro de sintaxe');
    expect(screen.getByTestId('diagram-preview')).toHaveTextContent(
      'Este diagrama é grande demais para ser desenhado.',
    );
  });

  it('says it is drawing while the first drawing is under way', () => {
    show({ drawing: true });
    expect(screen.getByTestId('diagram-preview')).toHaveTextContent('Desenhando…');
  });
});
