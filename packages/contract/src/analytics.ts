import { z } from 'zod';
import { ANALYTICS_MESSAGES } from './analytics-messages.ts';
import { DOCUMENT_SOURCE_IDS, DOCUMENT_STATUS_IDS } from './assistant.ts';

/**
 * Analytics (/analytics and the audit dashboard's Analytics tab; issue #14): the team's figures over a period, every
 * one counted from the database, and the goals an admin sets against them.
 */

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '30d';
export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** The spec's sample targets, now each team's goals until an admin changes them. */
export const DEFAULT_ANALYTICS_GOALS = { documents: 3000, organisationPercent: 90, accuracyPercent: 98 } as const;

export { ANALYTICS_MESSAGES } from './analytics-messages.ts';

export const analyticsQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS, { error: ANALYTICS_MESSAGES.periodInvalid }).default(DEFAULT_ANALYTICS_PERIOD),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const percentGoal = z
  .number({ error: ANALYTICS_MESSAGES.percentGoalInvalid })
  .int(ANALYTICS_MESSAGES.percentGoalInvalid)
  .min(1, ANALYTICS_MESSAGES.percentGoalInvalid)
  .max(100, ANALYTICS_MESSAGES.percentGoalInvalid);

export const analyticsGoalsSchema = z.object({
  documents: z
    .number({ error: ANALYTICS_MESSAGES.documentsGoalInvalid })
    .int(ANALYTICS_MESSAGES.documentsGoalInvalid)
    .min(1, ANALYTICS_MESSAGES.documentsGoalInvalid)
    .max(10_000_000, ANALYTICS_MESSAGES.documentsGoalInvalid),
  organisationPercent: percentGoal,
  accuracyPercent: percentGoal,
});
export type AnalyticsGoals = z.infer<typeof analyticsGoalsSchema>;

const dayCount = z.object({ day: z.string(), count: z.number().int().nonnegative() });
const labelledCount = <T extends z.ZodType>(label: T) =>
  z.object({ key: label, count: z.number().int().nonnegative() });

/** A figure against its goal (Business Impact). */
const goalFigure = z.object({ value: z.number(), goal: z.number() });

export const teamAnalyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** The first and last day counted (the reader's team days are UTC days). */
  from: z.string(),
  to: z.string(),
  timeAndEfficiency: z.object({
    /** Questions to the assistant per day, answered from documents or declined; every day of the period. */
    queriesPerDay: z.array(z.object({ day: z.string(), answered: z.number().int(), declined: z.number().int() })),
    queries: z.number().int().nonnegative(),
    answered: z.number().int().nonnegative(),
    declined: z.number().int().nonnegative(),
    /** How long an answer took, in ms (null when there were none). */
    responseMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable() }),
  }),
  files: z.object({
    /** The team's documents now: by platform, by type (a short label from the MIME type), by status. */
    total: z.number().int().nonnegative(),
    byPlatform: z.array(labelledCount(z.enum(DOCUMENT_SOURCE_IDS))),
    byType: z.array(labelledCount(z.string())),
    byStatus: z.array(labelledCount(z.enum(DOCUMENT_STATUS_IDS))),
    /** Documents filed in one of the team's spaces, and the share of all. */
    inSpaces: z.number().int().nonnegative(),
    organisedPercent: z.number().nullable(),
    /** Documents added per day in the period. */
    addedPerDay: z.array(dayCount),
  }),
  collaboration: z.object({
    /** Members who did anything (signed in, asked, opened a page...) per day. */
    activeMembersPerDay: z.array(dayCount),
    members: z.number().int().nonnegative(),
    invitationsAccepted: z.number().int().nonnegative(),
    tasksCreated: z.number().int().nonnegative(),
    tasksDone: z.number().int().nonnegative(),
    chatMessagesPerDay: z.array(dayCount),
    chatMessages: z.number().int().nonnegative(),
  }),
  businessImpact: z.object({
    /** The team's documents against the documents goal. */
    documents: goalFigure,
    /** The share of documents filed in spaces (%) against the organisation goal. */
    organisationPercent: goalFigure,
    /** The share of questions answered from the documents with citations (%) against the accuracy goal. */
    accuracyPercent: goalFigure,
  }),
  goals: analyticsGoalsSchema,
  /** Whether the reader may change the goals (team admins). */
  canEditGoals: z.boolean(),
});
export type TeamAnalytics = z.infer<typeof teamAnalyticsSchema>;
