/**
 * CodeMirror measures text ranges, which jsdom does not lay out: import this in a test that renders
 * the code editor (the diagram editor).
 */
Range.prototype.getClientRects ??= () =>
  ({
    length: 0,
    item: () => null,
    [Symbol.iterator]: [][Symbol.iterator],
  }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
