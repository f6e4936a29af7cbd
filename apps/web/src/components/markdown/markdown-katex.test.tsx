import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { MarkdownRenderer } from './markdown-renderer';

// Resolved from this package, exactly as markdown-renderer.tsx resolves its imports.
const require = createRequire(import.meta.url);

/** The stylesheet markdown-renderer.tsx imports (`katex/dist/katex.min.css`). */
const katexCss = readFileSync(require.resolve('katex/dist/katex.min.css'), 'utf8');

function versionOfKatexFrom(entry: string): string {
  const katexEntry = createRequire(entry).resolve('katex');
  // dist/katex.(m)js → the package folder.
  const pkg = JSON.parse(readFileSync(join(dirname(katexEntry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

describe('MarkdownRenderer KaTeX output and stylesheet', () => {
  it('draws \\boxed with classes the imported KaTeX stylesheet styles', () => {
    const { container } = render(
      <I18nextProvider i18n={createI18n()}>
        <MarkdownRenderer text={'Resolva $3x = \\boxed{p}$'} />
      </I18nextProvider>,
    );
    const box = container.querySelector('.katex-html .fbox');
    expect(box).not.toBeNull();
    // A stretchy box's class (`katex-stretchy` in KaTeX 0.18+, `stretchy` in 0.16) must be one
    // the stylesheet knows, or only its left border shows ("3x = |p").
    const unstyled = [...box!.classList].filter(
      (cls) => !new RegExp(`\\.${cls}(?![\\w-])`).test(katexCss),
    );
    expect(unstyled).toEqual([]);
  });

  it('renders maths with the same KaTeX version as the imported stylesheet', () => {
    const appKatex = versionOfKatexFrom(import.meta.filename);
    expect(versionOfKatexFrom(require.resolve('rehype-katex'))).toBe(appKatex);
    expect(katexCss).toContain(`"${appKatex}"`);
  });
});
