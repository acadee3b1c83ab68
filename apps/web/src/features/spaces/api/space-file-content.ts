import { API_BASE_PATH } from '@/lib/api-client';

/**
 * GET /api/spaces/:id/files/:fileId/content: the file itself. The server shows PDFs, images and text in place and
 * downloads the rest; `download` forces the download.
 */
export function getSpaceFileContentUrl(spaceId: string, fileId: string, { download = false } = {}): string {
  const url = `${API_BASE_PATH}/spaces/${encodeURIComponent(spaceId)}/files/${encodeURIComponent(fileId)}/content`;
  return download ? `${url}?download=1` : url;
}
