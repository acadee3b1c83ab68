/** Types a browser may show in place without risk to our origin; everything else downloads. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'text/plain']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/csv', 'text/html']);

/** `filename*` per RFC 5987/8187, with an ASCII `filename` fallback for old clients. */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Headers for serving a stored upload from our own origin: its stored type, nosniff, a download for anything that
 * could run script (HTML), and a sandboxing CSP for all but PDFs (Chromium will not render a PDF in a sandbox).
 */
export function contentHeaders(file: { filename: string; mimeType: string; size: number }): Record<string, string> {
  const isInline = INLINE_TYPES.has(file.mimeType);
  return {
    'content-type': TEXT_TYPES.has(file.mimeType) ? `${file.mimeType}; charset=utf-8` : file.mimeType,
    'content-length': String(file.size),
    'content-disposition': contentDisposition(isInline ? 'inline' : 'attachment', file.filename),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-cache',
    ...(file.mimeType === 'application/pdf'
      ? {}
      : { 'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox" }),
  };
}
