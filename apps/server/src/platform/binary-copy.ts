/**
 * PostgreSQL's binary COPY format (the `COPY ... TO ... WITH (FORMAT binary)` output): an 11-byte signature, a flags
 * word and a header extension, then per row a field count and per field a length (-1 for NULL) and its bytes, ending
 * with a field count of -1. Only the framing is read here; each field's bytes are the type's binary send form.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

export class BinaryCopyFormatError extends Error {}

/** The rows of a binary COPY output, each field's bytes as a view into `data` (null for NULL). */
export function parseBinaryCopy(data: Buffer): Array<Array<Buffer | null>> {
  if (data.length < SIGNATURE.length + 8 || !data.subarray(0, SIGNATURE.length).equals(SIGNATURE))
    throw new BinaryCopyFormatError('Not a binary COPY output');
  let offset = SIGNATURE.length + 4;
  offset += 4 + data.readUInt32BE(offset);
  const rows: Array<Array<Buffer | null>> = [];
  for (;;) {
    if (offset + 2 > data.length) throw new BinaryCopyFormatError('Binary COPY output ends before its trailer');
    const fieldCount = data.readInt16BE(offset);
    offset += 2;
    if (fieldCount === -1) return rows;
    const row: Array<Buffer | null> = [];
    for (let field = 0; field < fieldCount; field++) {
      if (offset + 4 > data.length) throw new BinaryCopyFormatError('Binary COPY output ends inside a row');
      const length = data.readInt32BE(offset);
      offset += 4;
      if (length === -1) {
        row.push(null);
        continue;
      }
      if (length < 0 || offset + length > data.length)
        throw new BinaryCopyFormatError('Binary COPY output ends inside a field');
      row.push(data.subarray(offset, offset + length));
      offset += length;
    }
    rows.push(row);
  }
}
