import { describe, expect, it } from 'vitest';
import { newClientId } from './assignments-client-id';
import {
  isRetryable,
  lastAttempt,
  nextPending,
  pendingKey,
  readPending,
  rememberLastAttempt,
  withoutPending,
  withPending,
  writePending,
} from './assignments-pending';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('pending answers', () => {
  it('keep one answer per item, replaced by a newer one, and leave by id', () => {
    let map = withPending(
      {},
      { id: 'a1', item_id: 'i1', response: { value: '2,5' }, duration_ms: 5 },
    );
    map = withPending(map, { id: 'a2', item_id: 'i2', response: { choice: 'b' }, duration_ms: 1 });
    map = withPending(map, { id: 'a3', item_id: 'i1', response: { value: '3' }, duration_ms: 2 });
    expect(Object.keys(map)).toEqual(['i1', 'i2']);
    expect(map.i1?.id).toBe('a3');
    // The server confirmed the older answer a1: the newer a3 still waits.
    expect(withoutPending(map, 'a1')).toEqual(map);
    expect(Object.keys(withoutPending(map, 'a3'))).toEqual(['i2']);
    expect(nextPending(map)?.id).toBe('a3');
    expect(nextPending({})).toBeNull();
  });

  it('survive in storage per attempt, and the key goes when none is left', () => {
    const storage = memoryStorage();
    const map = withPending(
      {},
      { id: 'a1', item_id: 'i1', response: { choices: ['x', 'y'] }, duration_ms: 0 },
    );
    writePending(storage, 't1', map);
    expect(readPending(storage, 't1')).toEqual(map);
    expect(readPending(storage, 't2')).toEqual({});
    writePending(storage, 't1', {});
    expect(storage.data.has(pendingKey('t1'))).toBe(false);
  });

  it('ignore what cannot be read', () => {
    const storage = memoryStorage();
    storage.setItem(pendingKey('t'), '{not json');
    expect(readPending(storage, 't')).toEqual({});
    storage.setItem(
      pendingKey('t'),
      JSON.stringify({ i1: { id: 'a', item_id: 'i1', response: { nope: 1 }, duration_ms: 0 } }),
    );
    expect(readPending(storage, 't')).toEqual({});
    expect(readPending(null, 't')).toEqual({});
  });

  it('retry only failures that may pass', () => {
    expect(isRetryable(new TypeError('offline'))).toBe(true);
    expect(isRetryable({ status: 0 })).toBe(true);
    expect(isRetryable({ status: 503 })).toBe(true);
    expect(isRetryable({ status: 429 })).toBe(true);
    expect(isRetryable({ status: 409 })).toBe(false);
    expect(isRetryable({ status: 404 })).toBe(false);
  });

  it('remember the last attempt handed in', () => {
    const storage = memoryStorage();
    expect(lastAttempt(storage, 'as1')).toBeNull();
    rememberLastAttempt(storage, 'as1', 't9');
    expect(lastAttempt(storage, 'as1')).toBe('t9');
  });
});

describe('newClientId', () => {
  it('uses randomUUID when there is one', () => {
    expect(newClientId({ randomUUID: () => '11111111-1111-4111-8111-111111111111' })).toBe(
      '11111111-1111-4111-8111-111111111111',
    );
  });

  it('builds a v4 UUID from random bytes otherwise', () => {
    const id = newClientId({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        if (array instanceof Uint8Array) array.fill(0xff);
        return array;
      },
    });
    expect(id).toMatch(UUID);
    expect(newClientId({})).toMatch(UUID);
    expect(newClientId({})).not.toBe(newClientId({}));
  });
});
