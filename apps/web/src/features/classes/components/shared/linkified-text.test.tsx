import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { splitLinks } from '../../lib/linkify';
import { LinkifiedText } from './linkified-text';

function renderText(text: string) {
  const { container } = render(
    <p data-testid="text">
      <LinkifiedText text={text} />
    </p>,
  );
  return container.querySelector('p')!;
}

describe('splitLinks', () => {
  it('turns http and https URLs into links and leaves the rest as text', () => {
    expect(splitLinks('Lista: https://escola.example/lista?x=1&y=2 e http://a.b/c.')).toEqual([
      { kind: 'text', text: 'Lista: ' },
      {
        kind: 'link',
        text: 'https://escola.example/lista?x=1&y=2',
        href: 'https://escola.example/lista?x=1&y=2',
      },
      { kind: 'text', text: ' e ' },
      { kind: 'link', text: 'http://a.b/c', href: 'http://a.b/c' },
      { kind: 'text', text: '.' },
    ]);
    expect(splitLinks('sem links aqui')).toEqual([{ kind: 'text', text: 'sem links aqui' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('drops sentence punctuation and an enclosing parenthesis, keeps balanced ones', () => {
    expect(splitLinks('(veja https://x.org/a).')).toEqual([
      { kind: 'text', text: '(veja ' },
      { kind: 'link', text: 'https://x.org/a', href: 'https://x.org/a' },
      { kind: 'text', text: ').' },
    ]);
    const wiki = 'https://pt.wikipedia.org/wiki/Fra%C3%A7%C3%A3o_(matem%C3%A1tica)';
    expect(splitLinks(`${wiki}, ok`)[0]).toEqual({ kind: 'link', text: wiki, href: wiki });
  });

  it('never links anything but http(s) with a host', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/x',
      'http://',
      'https:///sem-host',
      'mailto:a@b.c',
      '//example.com/sem-esquema',
      'jav&#x61;script:alert(1)',
      '<a href="javascript:alert(1)">clique</a>',
    ]) {
      expect(
        splitLinks(hostile).filter((p) => p.kind === 'link'),
        hostile,
      ).toEqual([]);
    }
  });

  it('links only the http(s) part of a hostile string, and quotes or brackets end a URL', () => {
    expect(splitLinks('javascript:http://x.org/a').filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', text: 'http://x.org/a', href: 'http://x.org/a' },
    ]);
    const parts = splitLinks('<a href="https://evil.example/"onmouseover="alert(1)">x</a>');
    expect(parts.filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://evil.example/', href: 'https://evil.example/' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(
      '<a href="https://evil.example/"onmouseover="alert(1)">x</a>',
    );
  });

  it('keeps every character of the text, in order, whatever it holds', () => {
    const long = `${'a'.repeat(300)}https://${'b'.repeat(500)}.example/${'c'.repeat(500)} fim`;
    for (const text of [
      long,
      'HTTPS://EXAMPLE.COM/X y',
      'x\u0000https://a.b/\u0000',
      '🙂 https://a.b/🙂',
    ]) {
      expect(
        splitLinks(text)
          .map((p) => p.text)
          .join(''),
      ).toBe(text);
    }
    // Linear: a huge text without spaces splits quickly.
    const started = performance.now();
    splitLinks(`https://${'a'.repeat(200_000)}`);
    splitLinks('http:'.repeat(50_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('LinkifiedText', () => {
  it('renders links that open in a new tab with rel="noopener noreferrer nofollow"', () => {
    renderText('Material: https://escola.example/material e mais.');
    const link = screen.getByRole('link', { name: 'https://escola.example/material' });
    expect(link).toHaveAttribute('href', 'https://escola.example/material');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByTestId('text')).toHaveTextContent(
      'Material: https://escola.example/material e mais.',
    );
  });

  it('renders markup and script URLs as visible text, never as elements', () => {
    const hostile =
      '<img src=x onerror="alert(1)"><script>alert(2)</script> javascript:alert(3) data:text/html,<b>x</b>';
    const p = renderText(hostile);
    expect(p.textContent).toBe(hostile);
    expect(p.querySelectorAll('*')).toHaveLength(0);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('only puts http(s) hrefs on the page', () => {
    const p = renderText(
      'a https://ok.example/1 b javascript:alert(1) c http://ok.example/2 d data:x,1 e HTTP://OK.EXAMPLE/3',
    );
    const hrefs = [...p.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://ok.example/1', 'http://ok.example/2', 'http://ok.example/3']);
  });
});
