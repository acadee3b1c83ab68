import { type DocumentSummary, SHARED_FILE_PLATFORMS, type SharedFilePlatform } from '@lumen/contract';

/** A shared link names the platform the document came from; uploads and space files have none. */
export function toSharedFilePlatform(document: DocumentSummary): SharedFilePlatform | null {
  return (SHARED_FILE_PLATFORMS as readonly string[]).includes(document.source)
    ? (document.source as SharedFilePlatform)
    : null;
}

/** A path of this app as a full URL, which works outside the app (a shared link, the clipboard). */
export function toAbsoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
