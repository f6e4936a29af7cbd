import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { ItemResponse, PublicItem } from '@aprenda/shared/schemas/exercises';
import { createI18n } from '@/lib/i18n';
import { AnswerInput } from './answer-input';

// mathlive needs a real browser (e2e/specs/practice.spec.ts); here its chunk never arrives.
vi.mock('./math-field', () => new Promise(() => {}));

function item(kind: PublicItem['kind'], choices: string[] = []): PublicItem {
  return {
    id: 'i1',
    kind,
    stem: 'Stem',
    choices: choices.map((text, i) => ({ id: `c${i}`, text })),
    skill_id: null,
  };
}

function Harness({ of, onSubmit }: { of: PublicItem; onSubmit: () => void }) {
  const [value, setValue] = useState<ItemResponse | null>(null);
  return (
    <>
      <AnswerInput item={of} value={value} onChange={setValue} onSubmit={onSubmit} idPrefix="t" />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function setup(of: PublicItem) {
  const onSubmit = vi.fn();
  render(
    <I18nextProvider i18n={createI18n()}>
      <Harness of={of} onSubmit={onSubmit} />
    </I18nextProvider>,
  );
  return { onSubmit, value: () => JSON.parse(screen.getByTestId('value').textContent!) as unknown };
}

describe('AnswerInput', () => {
  it('takes a number with a comma; Enter sends it only when there is one', async () => {
    const user = userEvent.setup();
    const { onSubmit, value } = setup(item('numeric'));
    const field = screen.getByRole('textbox', { name: 'Sua resposta' });
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(
      screen.getByText('Use vírgula ou ponto; frações como 3/4 também valem'),
    ).toBeInTheDocument();
    await user.type(field, '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(field, '2,5{Enter}');
    expect(value()).toEqual({ value: '2,5' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('takes a fraction: half typed it is no error, whole it is sent', async () => {
    const user = userEvent.setup();
    const { onSubmit, value } = setup(item('numeric'));
    const field = screen.getByRole('textbox', { name: 'Sua resposta' });
    await user.type(field, '3/');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '4{Enter}');
    expect(value()).toEqual({ value: '3/4' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a number field refuses what is not a number, says so, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { onSubmit, value } = setup(item('numeric'));
    const field = screen.getByRole('textbox', { name: 'Sua resposta' });
    const error = 'Isso não é um número. Escreva só o número, como 2,5, -3 ou 3/4.';
    // Letters: said at once; Enter sends nothing.
    await user.type(field, 'abc{Enter}');
    expect(screen.getByText(error)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(value()).toEqual({ value: 'abc' });
    // A half-typed number is not an error until Enter (or leaving the field).
    await user.clear(field);
    await user.type(field, '-');
    expect(screen.queryByText(error)).toBeNull();
    await user.type(field, '{Enter}');
    expect(screen.getByText(error)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '12,0.5{Enter}');
    expect(screen.getByText(error)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // A number clears it and is sent.
    await user.clear(field);
    await user.type(field, '-3,5{Enter}');
    expect(screen.queryByText(error)).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('picks a single choice with the keys 1–9 inside the group, and Enter sends', async () => {
    const user = userEvent.setup();
    const { onSubmit, value } = setup(item('single', ['Um', 'Dois', '$3$']));
    expect(screen.getByRole('radio', { name: '3' })).toBeInTheDocument();
    screen.getByRole('radio', { name: 'Um' }).focus();
    await user.keyboard('2');
    expect(value()).toEqual({ choice: 'c1' });
    expect(screen.getByRole('radio', { name: 'Dois' })).toHaveFocus();
    await user.keyboard('9');
    expect(value()).toEqual({ choice: 'c1' });
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('toggles multiple choices by click and by key', async () => {
    const user = userEvent.setup();
    const { value } = setup(item('multiple', ['A', 'B', 'C']));
    await user.click(screen.getByRole('checkbox', { name: 'C' }));
    screen.getByRole('checkbox', { name: 'C' }).focus();
    await user.keyboard('1');
    expect(value()).toEqual({ choices: ['c0', 'c2'] });
    await user.keyboard('3');
    expect(value()).toEqual({ choices: ['c0'] });
  });

  it('offers a LaTeX field while the maths field loads', async () => {
    const user = userEvent.setup();
    const { onSubmit, value } = setup(item('expression'));
    const field = screen.getByRole('textbox', { name: 'Sua resposta' });
    expect(screen.getByText(/Escreva em LaTeX/)).toBeInTheDocument();
    await user.type(field, '2x+2{Enter}');
    expect(value()).toEqual({ value: '2x+2' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
