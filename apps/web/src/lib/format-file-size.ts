const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** '512 B', '1.5 MB', '1,5 MB'… in the reader's language; null when the size is unknown. */
export function formatFileSize(bytes: number | null, language: string): string | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  // Intl's short unit for bytes is the word 'byte'; 'B' reads better next to 'kB' and 'MB'.
  if (bytes < 1024) return `${new Intl.NumberFormat(language).format(bytes)} B`;
  let value = bytes;
  let unitIndex = 0;
  while (value >= 1024 && unitIndex < UNITS.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unitIndex],
    unitDisplay: 'short',
    maximumFractionDigits: 2,
  }).format(value);
}
