import { describe, expect, it } from 'vitest';
import { reviewKeyAction } from './review-keys';

function key(k: string, extra: Record<string, unknown> = {}) {
  return { key: k, ...extra };
}

describe('reviewKeyAction', () => {
  it('Space or Enter shows the answer; 1–4 do nothing before it shows', () => {
    expect(reviewKeyAction(key(' '), false)).toEqual({ type: 'flip' });
    expect(reviewKeyAction(key('Enter'), false)).toEqual({ type: 'flip' });
    expect(reviewKeyAction(key('3'), false)).toBeNull();
  });

  it('with the answer shown, 1–4 rate (also on the keypad) and Space/Enter rate Bom', () => {
    expect(reviewKeyAction(key('1'), true)).toEqual({ type: 'rate', rating: 1 });
    expect(reviewKeyAction(key('2'), true)).toEqual({ type: 'rate', rating: 2 });
    expect(reviewKeyAction(key('3'), true)).toEqual({ type: 'rate', rating: 3 });
    expect(reviewKeyAction(key('4'), true)).toEqual({ type: 'rate', rating: 4 });
    expect(reviewKeyAction(key('End', { code: 'Numpad1' }), true)).toEqual({
      type: 'rate',
      rating: 1,
    });
    expect(reviewKeyAction(key(' '), true)).toEqual({ type: 'rate', rating: 3 });
    expect(reviewKeyAction(key('5'), true)).toBeNull();
  });

  it('Z undoes, before or after the flip', () => {
    expect(reviewKeyAction(key('z'), false)).toEqual({ type: 'undo' });
    expect(reviewKeyAction(key('Z'), true)).toEqual({ type: 'undo' });
  });

  it('leaves modified, repeated and typed keys alone', () => {
    expect(reviewKeyAction(key('z', { ctrlKey: true }), true)).toBeNull();
    expect(reviewKeyAction(key('1', { metaKey: true }), true)).toBeNull();
    expect(reviewKeyAction(key('1', { altKey: true }), true)).toBeNull();
    expect(reviewKeyAction(key(' ', { repeat: true }), false)).toBeNull();
    const input = document.createElement('input');
    expect(reviewKeyAction(key('1', { target: input }), true)).toBeNull();
    const area = document.createElement('textarea');
    expect(reviewKeyAction(key('z', { target: area }), true)).toBeNull();
  });

  it('lets a focused button take Space and Enter itself (no double press), but not digits', () => {
    const button = document.createElement('button');
    const inner = document.createElement('span');
    button.append(inner);
    expect(reviewKeyAction(key(' ', { target: inner }), false)).toBeNull();
    expect(reviewKeyAction(key('Enter', { target: button }), true)).toBeNull();
    expect(reviewKeyAction(key('4', { target: button }), true)).toEqual({
      type: 'rate',
      rating: 4,
    });
  });
});
