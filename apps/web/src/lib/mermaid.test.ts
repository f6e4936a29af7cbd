import { describe, expect, it } from 'vitest';
import { withoutInlineHandlers } from './mermaid';

describe('withoutInlineHandlers', () => {
  it('makes handler attributes inside tags inert, leaving the rest of the source alone', () => {
    expect(withoutInlineHandlers('A["<img src=x onerror=alert(1)>"] --> B')).toBe(
      'A["<img src=x data-on-error=alert(1)>"] --> B',
    );
    expect(withoutInlineHandlers('A["<b onclick=\'x\' onmouseover = y>t</b>"]')).toBe(
      'A["<b data-on-click=\'x\' data-on-mouseover = y>t</b>"]',
    );
    const plain = 'graph TD\n  A[Luz once=2] --> B{x < 3 e y > 1}\n  B -->|sim| C';
    expect(withoutInlineHandlers(plain)).toBe(plain);
  });
});
