import type { DailyStat, DailyUpdates } from '@lumen/contract';
import type { Database } from '../../platform/db.ts';
import { DAY_MS, startOfLocalDay } from '../../platform/time.ts';
import { findMembership } from '../access/index.ts';
import { countDay, type DayCounts } from './daily-updates.repository.ts';

function signed(value: number, suffix = ''): string {
  if (value > 0) return `+${value}${suffix}`;
  if (value < 0) return `${value}${suffix}`;
  return `0${suffix}`;
}

function countStat(label: DailyStat['label'], today: number, yesterday: number, description: string): DailyStat {
  return { label, value: String(today), change: signed(today - yesterday), description };
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

/** The sidebar's six Daily Updates, from real counts: today so far against yesterday (ADR 0022). */
export async function getDailyUpdates(
  db: Database,
  userId: string,
  offsetMinutes: number,
  now = new Date(),
): Promise<DailyUpdates> {
  const todayStart = startOfLocalDay(now, offsetMinutes);
  const yesterdayStart = new Date(todayStart.getTime() - DAY_MS);
  const tomorrowStart = new Date(todayStart.getTime() + DAY_MS);
  const team = await findMembership(db, userId);
  const teamId = team?.teamId ?? null;
  const [today, yesterday]: DayCounts[] = await Promise.all([
    countDay(db, userId, teamId, { from: todayStart, to: tomorrowStart }),
    countDay(db, userId, teamId, { from: yesterdayStart, to: todayStart }),
  ]);
  if (!today || !yesterday) throw new Error('daily counts missing');
  const efficiencyToday = share(today.answersWithSources, today.answers);
  const efficiencyYesterday = share(yesterday.answersWithSources, yesterday.answers);
  return {
    generatedAt: now.toISOString(),
    stats: [
      countStat('Files Processed', today.filesProcessed, yesterday.filesProcessed, 'Documents indexed and ready today'),
      countStat('New Clients', today.newMembers, yesterday.newMembers, 'New members who joined your team today'),
      countStat('AI Queries', today.aiQueries, yesterday.aiQueries, 'Questions you asked the assistant today'),
      countStat('Spaces Created', today.spacesCreated, yesterday.spacesCreated, 'New spaces created today'),
      countStat('Files Organized', today.filesUploaded, yesterday.filesUploaded, 'Files you uploaded today'),
      {
        label: 'Efficiency Gain',
        value: `${efficiencyToday}%`,
        change: signed(efficiencyToday - efficiencyYesterday, '%'),
        description: "Share of today's answers backed by your documents",
      },
    ],
  };
}
