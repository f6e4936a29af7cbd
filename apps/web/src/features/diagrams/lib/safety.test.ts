import { beforeAll, describe, expect, it } from 'vitest';
import { drawDiagram } from './live-preview';

/** jsdom does not lay out SVG text: give mermaid sizes so it can draw. */
beforeAll(() => {
  const proto = SVGElement.prototype as unknown as Record<string, unknown>;
  proto.getBBox ??= () => ({ x: 0, y: 0, width: 80, height: 20 });
  proto.getComputedTextLength ??= () => 80;
});

const PAYLOADS = [
  'flowchart TD',
  '  A["<img src=x onerror=alert(1)>"] --> B["<a href=\'javascript:alert(2)\'>link</a>"]',
  '  B --> C["<script>alert(3)</script>"]',
  '  click A href "javascript:alert(4)"',
  '  click B call alert(5)',
].join('\n');

describe('XSS payloads in a diagram stay inert (strict mode + DOMPurify)', () => {
  it('draws no handler, script, javascript: link or foreignObject', async () => {
    const { svg } = await drawDiagram(PAYLOADS, 'Título <b onmouseover=x>', 'Descrição');
    const doc = new DOMParser().parseFromString(`<body>${svg}`, 'text/html');
    const root = doc.querySelector('svg');
    expect(root).not.toBeNull();
    expect(doc.querySelectorAll('script, foreignObject, foreignobject, img, iframe')).toHaveLength(
      0,
    );
    for (const el of doc.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name, `${el.tagName} ${attr.name}`).not.toMatch(/^on/i);
        expect(attr.value, `${el.tagName} ${attr.name}`).not.toMatch(/javascript:/i);
      }
    }
    // The labels are still there, as plain text (no element came out of them).
    expect(root!.textContent).toMatch(/<img src="?x/);
    expect(root!.textContent).toContain('link');
    // The title and description reached the SVG for screen readers.
    expect(root!.querySelector('title')?.textContent).toContain('Título');
    expect(root!.querySelector('desc')?.textContent).toBe('Descrição');
  });
});
