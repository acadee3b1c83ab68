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

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** '512 B', '1.5 MB', '1,5 MB'… in the reader's language; null when the size is unknown. */
export function formatFileSize(bytes: number | null, language: string): string | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  // Intl's short unit for bytes is the word 'byte'; 'B' reads better next to 'kB' and 'MB'.
  if (bytes < 1024) return `${new Intl.NumberFormat(language).format(bytes)} B`;
  let value = bytes;
  let unitIndex = 0;
  while (value >= 1024 && unitIndex < SIZE_UNITS.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unitIndex],
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(value);
}

/** 'Nov 21, 2026, 10:00 AM' in the reader's language. */
export function formatModifiedAt(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
