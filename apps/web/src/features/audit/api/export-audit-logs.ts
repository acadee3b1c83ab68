import { type AuditExportFormat, auditExportFileName } from '@lumen/contract';
import { useMutation } from '@tanstack/react-query';
import { getFile } from '@/lib/api-client';
import { auditSearchParams } from '../utils/audit-search-params';
import { fileNameFromContentDisposition, saveBlob } from '../utils/download-file';
import type { AuditLogFilters } from './keys';

export type AuditExportRequest = AuditLogFilters & { format: AuditExportFormat };

/**
 * GET /api/audit/export: the whole range (with the filters) as a CSV or JSON file, saved under the name the server
 * gives (else audit-logs-<today>.<format>).
 */
export async function exportAuditLogs({ format, ...filters }: AuditExportRequest): Promise<void> {
  const params = new URLSearchParams({ format });
  for (const [key, value] of auditSearchParams(filters)) params.set(key, value);
  const { blob, contentDisposition } = await getFile(`/audit/export?${params}`);
  const fileName = fileNameFromContentDisposition(contentDisposition) ?? auditExportFileName(format);
  saveBlob(blob, fileName);
}

export function useExportAuditLogs() {
  return useMutation({ mutationFn: exportAuditLogs });
}
