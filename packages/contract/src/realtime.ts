import { z } from 'zod';
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

/** The team's chat room: a message sent or edited, or deleted (issue #13). */
const teamMessageEventSchema = z.object({
  type: z.enum(['team_message', 'team_message_edited']),
  message: teamMessageSchema,
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

/** Every message the server pushes. */
export const realtimeEventSchema = z.union([
  integrationEventSchema,
  changedEventSchema,
  teamMessageEventSchema,
  teamMessageDeletedEventSchema,
  presenceEventSchema,
  typingEventSchema,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** How often a client says its user is typing (the server drops more), and how long the room shows it. */
export const TYPING_NOTICE_INTERVAL_MS = 2000;
export const TYPING_SHOWN_FOR_MS = 5000;

/** What a client may send over `/ws`: that its user is typing in the team room. Anything else is ignored. */
export const clientRealtimeMessageSchema = z.object({ type: z.literal('typing') });
export type ClientRealtimeMessage = z.infer<typeof clientRealtimeMessageSchema>;
