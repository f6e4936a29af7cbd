import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Markdown, preloadMarkdown } from './markdown';

describe('Markdown', () => {
  it('fetched ahead (preloadMarkdown), maths is drawn on the first render, with no plain fallback', async () => {
    await preloadMarkdown();
    const { container } = render(<Markdown text="Qual é a solução de $x + 7 = 12$?" />);
    expect(screen.queryByTestId('plain-text')).toBeNull();
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container).not.toHaveTextContent('$x + 7 = 12$');
  });
});
