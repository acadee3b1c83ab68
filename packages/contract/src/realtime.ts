import { z } from 'zod';
import { anomalyAlertSchema } from './audit.ts';
import { onlineMemberSchema, teamMessageSchema } from './team-chat.ts';

/** Integration events pushed over `/ws` (docs/product-rules.md#integrations). */
export const INTEGRATION_EVENT_TYPES = [
  'platform_connected',
  'platform_connection_error',
  'platform_disconnected',
  'sync_started',
  'sync_completed',
  'sync_error',
  'platform_status_changed',
] as const;

export const PLATFORM_IDS = ['google-drive', 'onedrive', 'dropbox', 'slack', 'notion', 'confluence'] as const;
export const platformIdSchema = z.enum(PLATFORM_IDS);
export type PlatformId = z.infer<typeof platformIdSchema>;

const integrationEventSchema = z.object({
  type: z.enum(INTEGRATION_EVENT_TYPES),
  platform: platformIdSchema,
  platform_name: z.string(),
  message: z.string().optional(),
  error: z.string().optional(),
  files_synced: z.number().int().nonnegative().optional(),
  connected: z.boolean().optional(),
});

const changedEventSchema = z.object({
  type: z.literal('changed'),
  resource: z.enum(['tasks', 'shared_files', 'spaces', 'documents', 'team', 'integration_requests']),
  teamId: z.string().nullable(),
});

/**
 * The team's chat room: a message sent, edited by its author, or changed otherwise (an assistant answer finished or
 * started over); or deleted (issue #13). Clients replace the message they have by id.
 */
const teamMessageEventSchema = z.object({
  type: z.enum(['team_message', 'team_message_edited', 'team_message_changed']),
  message: teamMessageSchema,
});
/**
 * More text of an assistant answer while it streams: `text` goes at character `offset` of the answer. A client whose
 * copy is shorter than `offset` missed some and waits for the finished answer (`team_message_changed`).
 */
const teamMessageDeltaEventSchema = z.object({
  type: z.literal('team_message_delta'),
  teamId: z.string(),
  id: z.string(),
  offset: z.number().int().nonnegative(),
  text: z.string(),
});
const teamMessageDeletedEventSchema = z.object({
  type: z.literal('team_message_deleted'),
  teamId: z.string(),
  id: z.string(),
});

/** Who of the team is online now (presence over `/ws`): sent to the team whenever someone comes or goes. */
const presenceEventSchema = z.object({
  type: z.literal('presence'),
  teamId: z.string(),
  online: z.array(onlineMemberSchema),
});

/** A member of the team is typing in its room (sent at most every few seconds while they type). */
const typingEventSchema = z.object({
  type: z.literal('typing'),
  teamId: z.string(),
  userId: z.string(),
  name: z.string(),
});

/**
 * The server may have missed events meant for this connection (its database connection was lost and is back): fetch
 * again what the screen shows, as after a reconnect.
 */
const resyncEventSchema = z.object({ type: z.literal('resync') });

/** An anomaly alert raised, grown (the burst goes on) or resolved: sent to the team's admins only. */
const anomalyAlertEventSchema = z.object({ type: z.literal('anomaly_alert'), alert: anomalyAlertSchema });

/** Every message the server pushes. */
export const realtimeEventSchema = z.union([
  integrationEventSchema,
  changedEventSchema,
  teamMessageEventSchema,
  teamMessageDeltaEventSchema,
  teamMessageDeletedEventSchema,
  presenceEventSchema,
  typingEventSchema,
  resyncEventSchema,
  anomalyAlertEventSchema,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** How often a client says its user is typing (the server drops more), and how long the room shows it. */
export const TYPING_NOTICE_INTERVAL_MS = 2000;
export const TYPING_SHOWN_FOR_MS = 5000;

/** What a client may send over `/ws`: that its user is typing in the team room. Anything else is ignored. */
export const clientRealtimeMessageSchema = z.object({ type: z.literal('typing') });
export type ClientRealtimeMessage = z.infer<typeof clientRealtimeMessageSchema>;
