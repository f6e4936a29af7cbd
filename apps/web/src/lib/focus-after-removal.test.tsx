import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useFocusAfterRemoval } from './focus-after-removal';

function page() {
  document.body.innerHTML = '<h2 tabindex="-1">Cartões</h2><button>Ações do cartão</button>';
  return {
    heading: document.querySelector('h2')!,
    button: document.querySelector('button')!,
  };
}

const closing = () => new Event('focusScope.autoFocusOnUnmount', { cancelable: true });

describe('useFocusAfterRemoval', () => {
  it('after a removal, lost focus goes to the heading', () => {
    const { heading } = page();
    (document.activeElement as HTMLElement | null)?.blur();
    const { result } = renderHook(() => useFocusAfterRemoval(() => heading));
    result.current.markRemoved();
    const event = closing();
    result.current.onCloseAutoFocus(event);
    expect(event.defaultPrevented).toBe(true);
    expect(heading).toHaveFocus();
  });

  it('focus the user already put elsewhere (a menu opened as the dialog closed) stays there', () => {
    const { heading, button } = page();
    button.focus();
    const { result } = renderHook(() => useFocusAfterRemoval(() => heading));
    result.current.markRemoved();
    const event = closing();
    result.current.onCloseAutoFocus(event);
    expect(event.defaultPrevented).toBe(true);
    expect(button).toHaveFocus();
  });

  it('without a removal (a cancel), the dialog does as usual', () => {
    const { heading } = page();
    const { result } = renderHook(() => useFocusAfterRemoval(() => heading));
    const event = closing();
    result.current.onCloseAutoFocus(event);
    expect(event.defaultPrevented).toBe(false);
    expect(heading).not.toHaveFocus();
  });
});
