import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './download-file';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="audit-logs-2026-11-29.csv"', 'audit-logs-2026-11-29.csv'],
    ['attachment; filename=audit-logs-2026-11-29.json', 'audit-logs-2026-11-29.json'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''audit%20logs%C3%A9.csv`, 'audit logsé.csv'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });
});
