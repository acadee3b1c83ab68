/**
 * The file name a Content-Disposition header gives (`filename*=UTF-8''…` preferred over `filename="…"`), or null
 * when it gives none. Path separators are dropped: the name is the server's suggestion, never a path.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header)?.slice(1).find(Boolean);
  const safe = name?.replace(/\\(.)/g, '$1').replace(/[/\\]/g, '_').trim();
  return safe ? safe : null;
}

/** Saves the blob as a file through a temporary link (the browser's own download, with its own prompt or bar). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers read the URL once click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
