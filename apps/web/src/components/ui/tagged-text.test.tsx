import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TaggedText } from './tagged-text';

describe('TaggedText', () => {
  it('renders each tag through its function and keeps the text around it', () => {
    const { container } = render(
      <p>
        <TaggedText
          text="Este e-mail já tem uma conta — <signIn>entrar?</signIn> Ou <b>não</b>."
          tags={{ signIn: (children) => <button type="button">{children}</button> }}
        />
      </p>,
    );
    expect(screen.getByRole('button', { name: 'entrar?' })).toBeInTheDocument();
    expect(container.querySelector('p')).toHaveTextContent(
      'Este e-mail já tem uma conta — entrar? Ou não.',
    );
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows a text without tags as it is', () => {
    const { container } = render(<TaggedText text="Sem marcação <3" tags={{}} />);
    expect(container).toHaveTextContent('Sem marcação <3');
  });
});
