import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('createLogger (pino)', () => {
  it('writes JSON lines with a level name, ISO time and the fields; below the level nothing', async () => {
    const { lines, stream } = capture();
    const log = createLogger('info', stream);
    log({ level: 'debug', msg: 'hidden' });
    log({ level: 'warn', msg: 'request', path: '/api/x', status: 503 });
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'request', path: '/api/x', status: 503 });
    expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time);
  });

  it('redacts credential fields, also one level down', async () => {
    const { lines, stream } = capture();
    const log = createLogger('debug', stream);
    log({
      level: 'error',
      msg: 'oops',
      token: 'tok-secret',
      headers: { authorization: 'Bearer abc', cookie: 'a=b', accept: 'x' },
      err: { api_key: 'sk-123', message: 'kept' },
    });
    await new Promise((r) => setImmediate(r));
    const text = JSON.stringify(lines[0]);
    for (const secret of ['tok-secret', 'Bearer abc', 'a=b', 'sk-123'])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ headers: { accept: 'x' }, err: { message: 'kept' } });
  });

  it("'silent' writes nothing", async () => {
    const { lines, stream } = capture();
    createLogger('silent', stream)({ level: 'error', msg: 'x' });
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([]);
  });
});
