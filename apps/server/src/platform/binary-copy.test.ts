import { describe, expect, it } from 'vitest';
import { BinaryCopyFormatError, parseBinaryCopy } from './binary-copy.ts';

/** A binary COPY output of these rows, built by the format's definition. */
function copyOutput(rows: Array<Array<Buffer | null>>, extension = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(4)];
  const extensionLength = Buffer.alloc(4);
  extensionLength.writeUInt32BE(extension.length);
  parts.push(extensionLength, extension);
  for (const row of rows) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(row.length);
    parts.push(count);
    for (const field of row) {
      const length = Buffer.alloc(4);
      length.writeInt32BE(field === null ? -1 : field.length);
      parts.push(length);
      if (field) parts.push(field);
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

describe('parseBinaryCopy', () => {
  it('reads rows of fields, NULLs and empty values, past a header extension', () => {
    const id = Buffer.alloc(8);
    id.writeBigInt64BE(9_007_199_254_740_991n);
    const rows = [
      [id, Buffer.from([1, 2, 3])],
      [Buffer.alloc(8), null],
      [Buffer.alloc(8), Buffer.alloc(0)],
    ];
    expect(parseBinaryCopy(copyOutput(rows, Buffer.from('ext')))).toEqual(rows);
    expect(parseBinaryCopy(copyOutput([]))).toEqual([]);
  });

  it('refuses what is not a whole binary COPY output', () => {
    const whole = copyOutput([[Buffer.from('abc')]]);
    expect(() => parseBinaryCopy(Buffer.from('id,postings\n1,abc\n'))).toThrow(BinaryCopyFormatError);
    for (const cut of [whole.length - 2, whole.length - 4, 21])
      expect(() => parseBinaryCopy(whole.subarray(0, cut))).toThrow(BinaryCopyFormatError);
  });
});
