import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { MarkdownRenderer } from './markdown-renderer';

function renderMarkdown(text: string, streaming = false) {
  return render(
    <I18nextProvider i18n={createI18n()}>
      <MarkdownRenderer text={text} streaming={streaming} />
    </I18nextProvider>,
  );
}

describe('MarkdownRenderer', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('keeps raw HTML from the model inert: no element, no handler, no script', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const payload = [
      'Olha isto: <img src=x onerror=alert(1)>',
      '',
      '<script>alert(2)</script>',
      '',
      '<iframe src="javascript:alert(3)"></iframe>',
      '',
      '[clique aqui](javascript:alert(4)) e [outro](  JaVaScRiPt:alert(5))',
      '',
      '<a href="javascript:alert(6)">html link</a> <b onmouseover="alert(7)">negrito</b>',
    ].join('\n');
    const { container } = renderMarkdown(payload);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onerror], [onmouseover]')).toBeNull();
    for (const a of container.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    // The markdown link text survives, its dangerous target does not.
    expect(screen.getByText('clique aqui')).toBeInTheDocument();
    // Visible as text (what the model wrote), never as an attribute value.
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)>');
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.attributes) expect(attr.value).not.toMatch(/javascript:/i);
    }
    // An unsafe target leaves plain text, not a link.
    expect(screen.queryByRole('link', { name: 'clique aqui' })).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('renders GFM tables, KaTeX maths and highlighted code with a copy button', () => {
    const text = [
      '| x | x² |',
      '|---|----|',
      '| 2 | 4 |',
      '',
      'A área é $x^2$.',
      '',
      '```python',
      'def f(x):',
      '    return x ** 2',
      '```',
    ].join('\n');
    const { container } = renderMarkdown(text);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'x²' })).toBeInTheDocument();
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.querySelector('code.hljs.language-python .hljs-keyword')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
  });

  it('shows a mermaid block as source while the answer streams', () => {
    renderMarkdown('```mermaid\ngraph TD\n  A-->B\n```', true);
    expect(screen.getByRole('figure')).toHaveTextContent('A-->B');
    expect(screen.queryByTestId('mermaid-diagram')).toBeNull();
  });

  it('keeps safe links, opening in a new tab without the opener', () => {
    renderMarkdown('[MDN](https://developer.mozilla.org)');
    const link = screen.getByRole('link', { name: 'MDN' });
    expect(link).toHaveAttribute('href', 'https://developer.mozilla.org');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});
