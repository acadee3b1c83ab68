/** Short labels of the MIME types people upload most; others fall back to the file's extension. */
const MIME_TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'text/plain': 'TXT',
  'text/markdown': 'MD',
  'text/csv': 'CSV',
  'text/html': 'HTML',
  'application/json': 'JSON',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
};

/** The document's type as a short label (PDF, DOCX…): from its MIME type, else its title's extension, else null. */
export function getDocumentType(mimeType: string | null, title: string): string | null {
  const baseType = mimeType?.split(';')[0]?.trim().toLowerCase();
  if (baseType && MIME_TYPE_LABELS[baseType]) return MIME_TYPE_LABELS[baseType];
  const extension = /\.([a-z0-9]{1,8})$/i.exec(title.trim())?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = baseType?.split('/')[1];
  return subtype && /^[a-z0-9]{1,8}$/.test(subtype) ? subtype.toUpperCase() : null;
}
