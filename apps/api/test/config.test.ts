import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('starts on embedded defaults with nothing set', () => {
    const config = loadConfig({}, '/srv/casting');
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      dataDir: '/srv/casting/data',
      DEMO_DATA: true,
      SESSION_DURATION_MINUTES: 240,
      publicUrl: 'http://localhost:3000',
      JOBS_WORKERS: 'embedded',
      JOBS_POLL_INTERVAL_SECONDS: 2,
      JOBS_STOP_TIMEOUT_SECONDS: 30,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// connection string'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET: is required when NODE_ENV=production'],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMS_SIGN_IN: 'false' },
      'SMTP_URL: is required when NODE_ENV=production, or every e-mail stays in an outbox nobody reads; set MAIL_OUTBOX=true if that is intended',
    ],
    [
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), MAIL_OUTBOX: 'true' },
      'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: text-message sign-in (SMS_SIGN_IN, on by default) needs a text-message provider when NODE_ENV=production; set them, or SMS_SIGN_IN=false',
    ],
    [
      { SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'token' },
      'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: set all three',
    ],
    [{ SMS_FROM: '5551234' }, 'SMS_FROM: must be a phone number in E.164 form'],
    [{ SMS_API_URL: 'api.twilio.com' }, 'SMS_API_URL: must be an http:// or https:// URL'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ S3_ACCESS_KEY_ID: 'key' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both'],
    [{ JOBS_WORKERS: 'separate' }, 'JOBS_WORKERS'],
    [{ JOBS_POLL_INTERVAL_SECONDS: '0.1' }, 'JOBS_POLL_INTERVAL_SECONDS'],
    [{ JOBS_WORKERS: 'off' }, 'JOBS_WORKERS: off needs DATABASE_URL'],
    [{ DATABASE_APP_URL: 'postgres://web@db/casting' }, 'DATABASE_APP_URL: needs DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://db/c', DATABASE_APP_URL: 'mysql://web@db/c' }, 'DATABASE_APP_URL'],
    [{ MAPS_PROVIDER: 'google' }, 'MAPS_API_KEY: is required when MAPS_PROVIDER=google'],
    [{ WORKER_METRICS_PORT: '9464' }, 'METRICS_TOKEN: is required when WORKER_METRICS_PORT is set'],
    [{ WORKER_METRICS_PORT: '0', METRICS_TOKEN: 'm'.repeat(32) }, 'WORKER_METRICS_PORT'],
    [{ MAPS_PROVIDER: 'mapbox', MAPS_API_KEY: 'k' }, 'MAPS_PROVIDER'],
    [{ MAPS_API_KEY: 'k' }, 'MAPS_PROVIDER: name the maps provider (google)'],
    [
      { MAPS_PROVIDER: 'google', MAPS_API_KEY: 'k', MAPS_API_URL: 'maps.local' },
      'MAPS_API_URL: must be an http',
    ],
    [{ MAPS_PROVIDER: 'google', MAPS_API_KEY: 'k', MAPS_REGION: 'usa' }, 'MAPS_REGION: must be a two-letter'],
    [
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        MAIL_OUTBOX: 'true',
        SMS_SIGN_IN: 'false',
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      },
      'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: is for tests',
    ],
    [
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        MAIL_OUTBOX: 'true',
        SMS_SIGN_IN: 'false',
        WEBHOOKS_TEST_CA_FILE: '/etc/ssl/test-ca.pem',
      },
      'WEBHOOKS_TEST_CA_FILE: is for tests',
    ],
  ])('names the variable of a bad value %j', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('lets an API on PostgreSQL leave the jobs to worker processes', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/casting', JOBS_WORKERS: 'off' });
    expect(config.JOBS_WORKERS).toBe('off');
  });

  it('reads booleans and numbers', () => {
    const config = loadConfig({ DEMO_DATA: 'false', PORT: '4100', SESSION_DURATION_MINUTES: '5' });
    expect(config.DEMO_DATA).toBe(false);
    expect(config.PORT).toBe(4100);
    expect(config.SESSION_DURATION_MINUTES).toBe(5);
  });
});

describe('production without a mail server or a text-message provider', () => {
  const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) };
  it('starts when each is configured, or turned off on purpose', () => {
    const sms = { SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'token', SMS_FROM: '+15005550006' };
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail:25', ...sms }).SMS_SIGN_IN).toBe(true);
    expect(loadConfig({ ...production, MAIL_OUTBOX: 'true', SMS_SIGN_IN: 'false' }).MAIL_OUTBOX).toBe(true);
    const service = `MG${'a'.repeat(32)}`;
    expect(loadConfig({ ...production, MAIL_OUTBOX: 'true', ...sms, SMS_FROM: service }).SMS_FROM).toBe(
      service,
    );
  });
});

describe('DEMO_DATA', () => {
  it('is on by default outside production and off by default in production', () => {
    expect(loadConfig({}).DEMO_DATA).toBe(true);
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      MAIL_OUTBOX: 'true',
      SMS_SIGN_IN: 'false',
    };
    expect(loadConfig(production).DEMO_DATA).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
  });

  it("reads the office's legal text into paragraphs, and refuses a file it cannot use, naming the variable", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-legal-'));
    try {
      fs.writeFileSync(path.join(dir, 'terms.txt'), 'First  line\n  continued.\n\nSecond paragraph.');
      fs.writeFileSync(path.join(dir, 'empty.txt'), ' \n\n \n');
      fs.writeFileSync(path.join(dir, 'huge.txt'), 'x'.repeat(65 * 1024));
      expect(loadConfig({ TERMS_FILE: 'terms.txt' }, dir).legalText).toEqual({
        terms: ['First line continued.', 'Second paragraph.'],
        privacy: null,
      });
      expect(loadConfig({}, dir).legalText).toEqual({ terms: null, privacy: null });
      expect(() => loadConfig({ PRIVACY_FILE: 'missing.txt' }, dir)).toThrow(
        `PRIVACY_FILE: cannot read ${path.join(dir, 'missing.txt')} (ENOENT)`,
      );
      expect(() => loadConfig({ TERMS_FILE: 'empty.txt' }, dir)).toThrow('TERMS_FILE: ');
      expect(() => loadConfig({ TERMS_FILE: 'empty.txt' }, dir)).toThrow('holds no text');
      expect(() => loadConfig({ TERMS_FILE: 'huge.txt' }, dir)).toThrow('is larger than 64 KB');
      expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' }, dir)).toThrow('SUPPORT_EMAIL');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
