import {
  ANALYTICS_PERIOD_DAYS,
  type AnalyticsGoals,
  type AnalyticsQuery,
  DEFAULT_ANALYTICS_GOALS,
  type DocumentSource,
  type DocumentStatus,
  type TeamAnalytics,
} from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { requireMembership } from '../access/index.ts';
import { percentileOfBuckets, readDailyActiveMembers, readDailyQueries } from '../audit/index.ts';
import { readCollaboration, readDocumentFigures, readGoals, saveGoals } from './analytics.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every UTC day of the period, oldest first, ending today. */
export function daysOfPeriod(days: number, today = new Date()): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(end - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** A document's type in a word, from its MIME type. */
export function typeLabelOf(mimeType: string | null): string {
  if (!mimeType) return 'Other';
  if (mimeType === 'application/pdf') return 'PDF';
  if (mimeType.includes('wordprocessingml') || mimeType === 'application/msword') return 'Word';
  if (mimeType.includes('spreadsheetml') || mimeType === 'application/vnd.ms-excel') return 'Excel';
  if (mimeType.includes('presentationml')) return 'PowerPoint';
  if (mimeType === 'text/markdown') return 'Markdown';
  if (mimeType === 'text/csv') return 'CSV';
  if (mimeType === 'text/html') return 'HTML';
  if (mimeType.startsWith('text/')) return 'Text';
  if (mimeType.startsWith('image/')) return 'Image';
  return 'Other';
}

function filled<T extends { day: string }>(days: string[], rows: T[], empty: (day: string) => T): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? empty(day));
}

function tally<K extends string>(entries: Array<{ key: K; count: number }>): Array<{ key: K; count: number }> {
  const totals = new Map<K, number>();
  for (const { key, count } of entries) totals.set(key, (totals.get(key) ?? 0) + count);
  return [...totals]
    .map(([key, count]) => ({ key, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** GET /api/analytics: the team's figures over the period (any member; no one's content, only counts). */
export async function readTeamAnalytics(db: Database, userId: string, query: AnalyticsQuery): Promise<TeamAnalytics> {
  const { teamId, role } = await requireMembership(db, userId);
  const days = daysOfPeriod(ANALYTICS_PERIOD_DAYS[query.period]);
  const from = new Date(`${days[0]}T00:00:00.000Z`);
  const period = { teamId, from };
  const [dailyQueries, dailyActive, files, collaboration, savedGoals] = await Promise.all([
    readDailyQueries(db, teamId, days[0] ?? ''),
    readDailyActiveMembers(db, teamId, days[0] ?? ''),
    readDocumentFigures(db, period),
    readCollaboration(db, period),
    readGoals(db, teamId),
  ]);
  const histogram: number[] = [];
  for (const row of dailyQueries) {
    for (const [index, count] of row.buckets.entries()) histogram[index] = (histogram[index] ?? 0) + count;
  }
  const queries = {
    perDay: dailyQueries.map((row) => ({ day: row.day, answered: row.answered, declined: row.declined })),
    p50: percentileOfBuckets(histogram, 50),
    p95: percentileOfBuckets(histogram, 95),
  };
  const goals = savedGoals ?? { ...DEFAULT_ANALYTICS_GOALS };
  const answered = queries.perDay.reduce((sum, row) => sum + row.answered, 0);
  const declined = queries.perDay.reduce((sum, row) => sum + row.declined, 0);
  const total = files.groups.reduce((sum, row) => sum + row.count, 0);
  const inSpaces = files.groups.reduce((sum, row) => sum + row.inSpaces, 0);
  const organisedPercent = percentOf(inSpaces, total);
  const accuracy = percentOf(answered, answered + declined);
  const chatPerDay = filled(days, collaboration.chatPerDay, (day) => ({ day, count: 0 }));
  return {
    period: query.period,
    from: days[0] ?? '',
    to: days.at(-1) ?? '',
    timeAndEfficiency: {
      queriesPerDay: filled(days, queries.perDay, (day) => ({ day, answered: 0, declined: 0 })),
      queries: answered + declined,
      answered,
      declined,
      responseMs: {
        p50: queries.p50 === null ? null : Math.round(queries.p50),
        p95: queries.p95 === null ? null : Math.round(queries.p95),
      },
    },
    files: {
      total,
      byPlatform: tally(files.groups.map((row) => ({ key: row.source as DocumentSource, count: row.count }))),
      byType: tally(files.groups.map((row) => ({ key: typeLabelOf(row.mime), count: row.count }))),
      byStatus: tally(files.groups.map((row) => ({ key: row.status as DocumentStatus, count: row.count }))),
      inSpaces,
      organisedPercent,
      addedPerDay: filled(days, files.addedPerDay, (day) => ({ day, count: 0 })),
    },
    collaboration: {
      activeMembersPerDay: filled(days, dailyActive, (day) => ({ day, count: 0 })),
      members: collaboration.members,
      invitationsAccepted: collaboration.invitationsAccepted,
      tasksCreated: collaboration.tasksCreated,
      tasksDone: collaboration.tasksDone,
      chatMessagesPerDay: chatPerDay,
      chatMessages: chatPerDay.reduce((sum, row) => sum + row.count, 0),
    },
    businessImpact: {
      documents: { value: total, goal: goals.documents },
      organisationPercent: { value: organisedPercent ?? 0, goal: goals.organisationPercent },
      accuracyPercent: { value: accuracy ?? 0, goal: goals.accuracyPercent },
    },
    goals,
    canEditGoals: role === 'admin',
  };
}

/** PUT /api/analytics/goals: a team admin sets the goals the figures are measured against. */
export async function updateAnalyticsGoals(
  db: Database,
  userId: string,
  goals: AnalyticsGoals,
): Promise<AnalyticsGoals> {
  const { teamId, role } = await requireMembership(db, userId);
  if (role !== 'admin') throw AppError.of('ANALYTICS_GOALS_ADMINS_ONLY');
  await saveGoals(db, teamId, userId, goals);
  return goals;
}
