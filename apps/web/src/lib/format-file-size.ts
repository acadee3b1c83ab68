const FILE_SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
const BYTES_PER_KB = 1024;

/**
 * A file size for people, the spec's one rule for every screen (spec 001 file card): whole bytes under 1 KB, else KB,
 * MB or GB with 2 decimals ('512 B', '1.50 KB', '5.25 MB').
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < BYTES_PER_KB) return `${Math.max(0, Math.round(bytes) || 0)} B`;
  let size = bytes;
  let unitIndex = -1;
  // GB is the largest unit: bigger files show as thousands of GB.
  while (size >= BYTES_PER_KB && unitIndex < FILE_SIZE_UNITS.length - 1) {
    size /= BYTES_PER_KB;
    unitIndex += 1;
  }
  return `${size.toFixed(2)} ${FILE_SIZE_UNITS[unitIndex]}`;
}
