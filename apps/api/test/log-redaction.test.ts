import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/log';
import { testDatabase } from './support/database';

// Logs carry no secrets: a failed query is logged with its SQL but not its parameter values, and credentials in
// headers or bodies are redacted.

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger('info', stream), output: () => lines.join('') };
}

describe('the process logger', () => {
  it('logs a failed query without its parameter values', async () => {
    const { db } = await testDatabase();
    const secret = 'argon2id-hash-of-someone@example.com';
    const error = await db.execute(sql`select * from no_such_table where email = ${secret}`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);

    const { log, output } = capture();
    log.error({ err: error }, 'unhandled error');
    const written = output();
    expect(written).toContain('no_such_table');
    expect(written).toContain('unhandled error');
    expect(written).not.toContain(secret);
  });

  it('redacts credentials in headers and bodies', () => {
    const { log, output } = capture();
    log.info(
      {
        req: { headers: { authorization: 'Bearer eyJsecret', cookie: 'refresh=opaque-secret' } },
        body: { password: 'Hunter2!secret', code: '123456' },
      },
      'request',
    );
    const written = output();
    expect(written).not.toContain('eyJsecret');
    expect(written).not.toContain('opaque-secret');
    expect(written).not.toContain('Hunter2!secret');
    expect(written).not.toContain('123456');
    expect(written).toContain('[redacted]');
  });
});
