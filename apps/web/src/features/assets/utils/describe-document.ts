import { DOCUMENT_TYPE_FILTERS, DOCUMENT_TYPE_MIME_TYPES, type DocumentTypeFilter } from '@lumen/contract';

/** The type filter a document falls under (by MIME type, the way the server filters), else null. */
export function getDocumentTypeFilter(mimeType: string | null): DocumentTypeFilter | null {
  const baseType = mimeType?.split(';')[0]?.trim().toLowerCase();
  if (!baseType) return null;
  return DOCUMENT_TYPE_FILTERS.find((type) => DOCUMENT_TYPE_MIME_TYPES[type].includes(baseType)) ?? null;
}

/** The file's extension in capitals (TXT, MD…), for types outside the filter's groups; null without one. */
export function getFileExtensionLabel(title: string): string | null {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(title.trim())?.[1];
  return extension ? extension.toUpperCase() : null;
}
