/** The files a browser shows in a tab (PDF, images, text); the server serves those inline, the rest as downloads. */
export function canPreviewInBrowser(mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  return type === 'application/pdf' || type.startsWith('image/') || type.startsWith('text/');
}
