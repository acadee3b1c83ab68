import { and, type Column, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { conversations, documents, files, messages, userRoles } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';
import { visibleDocumentsCondition } from '../access/index.ts';

/** A [from, to) window; each count below is taken for yesterday and today. */
export interface DayWindow {
  from: Date;
  to: Date;
}

export interface DayCounts {
  filesProcessed: number;
  newMembers: number;
  aiQueries: number;
  spacesCreated: number;
  filesUploaded: number;
  answers: number;
  answersWithSources: number;
}

const countWhere = (condition: ReturnType<typeof and>) => sql<number>`count(*) filter (where ${condition})::int`;

/** The user's counts for one day; see ADR 0022 for what each one means. */
export async function countDay(
  db: Database,
  userId: string,
  teamId: string | null,
  day: DayWindow,
): Promise<DayCounts> {
  const inDay = (column: Column) => and(gte(column, day.from), lt(column, day.to));
  const [processed] = await db
    .select({ value: countWhere(and(eq(documents.status, 'ready'), inDay(documents.updatedAt))) })
    .from(documents)
    .where(visibleDocumentsCondition(userId));
  const [uploaded] = await db
    .select({ value: countWhere(inDay(files.createdAt)) })
    .from(files)
    .where(eq(files.ownerId, userId));
  const [chat] = await db
    .select({
      queries: countWhere(and(eq(messages.role, 'user'), inDay(messages.createdAt))),
      answers: countWhere(and(eq(messages.role, 'assistant'), inDay(messages.createdAt))),
      withSources: countWhere(
        and(
          eq(messages.role, 'assistant'),
          inDay(messages.createdAt),
          sql`jsonb_array_length(${messages.citations}) > 0`,
        ),
      ),
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(conversations.userId, userId));
  let newMembers = 0;
  if (teamId) {
    const [members] = await db
      .select({ value: countWhere(inDay(userRoles.createdAt)) })
      .from(userRoles)
      .where(and(eq(userRoles.teamId, teamId), ne(userRoles.userId, userId)));
    newMembers = members?.value ?? 0;
  }
  return {
    filesProcessed: processed?.value ?? 0,
    newMembers,
    aiQueries: chat?.queries ?? 0,
    // Spaces arrive with the spaces issue; until then there are none to count.
    spacesCreated: 0,
    filesUploaded: uploaded?.value ?? 0,
    answers: chat?.answers ?? 0,
    answersWithSources: chat?.withSources ?? 0,
  };
}
