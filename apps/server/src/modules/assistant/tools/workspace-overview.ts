import { DOCUMENT_STATUS_IDS, type DocumentStatus } from '@lumen/contract';
import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import { countUserConversations } from '../../conversations/index.ts';
import { countVisibleDocuments, listRecentVisibleDocuments } from '../assistant.repository.ts';
import type { AssistantSession } from '../session.ts';
import type { WorkspaceOutput } from '../tool-outputs.ts';

/** Built once (see answer-from-documents.ts). */
const inputSchema = zodSchema(z.object({}));

/** workspace_overview: the user's documents by status and type, recent files, conversations. Thinking type 'workspace'. */
export const workspaceOverview = (session: AssistantSession) =>
  tool({
    description:
      "Overview of the user's workspace: how many documents they have by status and type, their most recent files, and how many conversations.",
    inputSchema,
    execute: async (): Promise<WorkspaceOutput> => {
      const { db, userId } = session;
      const [counts, recent, conversations] = await Promise.all([
        countVisibleDocuments(db, userId, session.area),
        listRecentVisibleDocuments(db, userId, 5, session.area),
        countUserConversations(db, userId),
      ]);
      const byStatus = Object.fromEntries(DOCUMENT_STATUS_IDS.map((status) => [status, 0])) as Record<
        DocumentStatus,
        number
      >;
      for (const row of counts.byStatus) byStatus[row.status] = row.count;
      const byType: Record<string, number> = {};
      for (const row of counts.byType) byType[row.mimeType ?? 'unknown'] = row.count;
      return {
        kind: 'workspace',
        documents: { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), byStatus, byType },
        recent: recent.map((doc) => ({
          documentId: doc.documentId,
          title: doc.title,
          source: doc.source,
          status: doc.status,
          createdAt: doc.createdAt.toISOString(),
        })),
        conversations,
      };
    },
  });
