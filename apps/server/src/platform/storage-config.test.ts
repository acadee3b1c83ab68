import { describe, expect, it } from 'vitest';
import { configOf, configFailureOf as failureOf } from '../test/config-fixtures.ts';

function storageOf(env: Record<string, string>) {
  return configOf(env).storage;
}

describe('STORAGE_URL and S3_* configuration', () => {
  it('keeps files on local disk by default and for file:', () => {
    expect(storageOf({})).toEqual({ driver: 'local' });
    expect(storageOf({ STORAGE_URL: '' })).toEqual({ driver: 'local' });
    expect(storageOf({ STORAGE_URL: 'file:' })).toEqual({ driver: 'local' });
  });

  it('reads a bucket and an optional prefix, with path-style addressing for a custom endpoint', () => {
    expect(storageOf({ STORAGE_URL: 's3://lumen-files' })).toEqual({
      driver: 's3',
      bucket: 'lumen-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      storageOf({
        STORAGE_URL: 's3://lumen-files/prod/uploads/',
        S3_ENDPOINT: 'http://127.0.0.1:4569',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      driver: 's3',
      bucket: 'lumen-files',
      prefix: 'prod/uploads',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(
      storageOf({
        STORAGE_URL: 's3://lumen-files',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_FORCE_PATH_STYLE: 'false',
      }),
    ).toMatchObject({ forcePathStyle: false });
    expect(storageOf({ STORAGE_URL: 's3://lumen-files', S3_FORCE_PATH_STYLE: '1' })).toMatchObject({
      forcePathStyle: true,
    });
  });

  it('never exposes the raw S3 variables next to the parsed settings', () => {
    const config = configOf({
      STORAGE_URL: 's3://lumen-files',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(config).not.toHaveProperty('S3_SECRET_ACCESS_KEY');
    expect(config).not.toHaveProperty('STORAGE_URL');
  });

  it('explains what is wrong at boot', () => {
    expect(failureOf({ STORAGE_URL: 's3://' })).toBe(
      'Invalid configuration:\n  STORAGE_URL needs a bucket name: s3://bucket or s3://bucket/prefix',
    );
    expect(failureOf({ STORAGE_URL: 's3:///uploads' })).toMatch(/STORAGE_URL needs a bucket name/);
    expect(failureOf({ STORAGE_URL: 's3://My_Bucket' })).toMatch(
      /STORAGE_URL: "My_Bucket" is not a valid bucket name \(3-63 lowercase letters, digits, dots and hyphens\)/,
    );
    expect(failureOf({ STORAGE_URL: 'gs://bucket' })).toMatch(
      /STORAGE_URL must be file: \(local disk under DATA_DIR\) or s3:\/\/bucket\[\/prefix\]/,
    );
    expect(failureOf({ STORAGE_URL: 'file:///srv/files' })).toMatch(/STORAGE_URL=file: takes no path/);
    expect(failureOf({ STORAGE_URL: 's3://key:secret@bucket' })).toMatch(
      /STORAGE_URL must not contain credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(failureOf({ STORAGE_URL: 's3://bucket/a b' })).toMatch(/the prefix may contain only letters/);
    expect(failureOf({ STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'key' })).toMatch(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(failureOf({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'localhost:4569' })).toMatch(
      /S3_ENDPOINT: S3_ENDPOINT must be an http\(s\) URL, e.g. http:\/\/127.0.0.1:4569/,
    );
    expect(failureOf({ STORAGE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' })).toMatch(
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
    expect(failureOf({ S3_ENDPOINT: 'http://127.0.0.1:4569' })).toMatch(
      /S3_ENDPOINT is set but STORAGE_URL is not an s3:\/\/ URL/,
    );
  });
});
