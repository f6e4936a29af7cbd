import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { StemLine } from './stem-line';

describe('StemLine', () => {
  it("shows a template's variable in a formula boxed, not as a letter of the formula", async () => {
    render(<StemLine text="Resolva $3x = {{p}}$" />);
    const maths = screen.getByTestId('stem-maths');
    // KaTeX is fetched on demand: on a loaded machine the first import takes over a second.
    await waitFor(() => expect(maths.querySelector('.katex')).not.toBeNull(), { timeout: 10_000 });
    expect(maths.querySelector('.fbox')).not.toBeNull();
    expect(maths).toHaveTextContent('Resolva');
  });
});
