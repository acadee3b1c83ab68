import websocket, { type WebSocket } from '@fastify/websocket';
import type { RealtimeEvent } from '@lumen/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { userRoles } from '../db/schema/index.ts';
import { readHeaders } from './auth.ts';

const CHANNEL = 'lumen_realtime';
/** Close code for a refused connection (policy violation): the client does not retry it. */
const POLICY_VIOLATION = 1008;

export type ChangedResource = Extract<RealtimeEvent, { type: 'changed' }>['resource'];

/** Who receives an event: a team's members, or one user's own sockets (integration events). */
type Envelope = { teamId: string; event: RealtimeEvent } | { userId: string; event: RealtimeEvent };

export interface Realtime {
  /** Pushes the event to every connected member of the team, on every instance. */
  publishToTeam(teamId: string, event: RealtimeEvent): Promise<void>;
  /** Pushes the event to that user's connections only (any team), on every instance. */
  publishToUser(userId: string, event: RealtimeEvent): Promise<void>;
  /** Tells the user's team that something changed (the clients refetch it); a user without a team tells nobody. */
  notifyTeamOf(userId: string, resource: ChangedResource): Promise<void>;
  /** Open connections on this instance (for tests and the health of the fan-out). */
  connectionCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
  interface FastifyContextConfig {
    /** What a successful call of this route changes for the caller's team: its clients are told to refetch it. */
    changes?: ChangedResource;
  }
}

/**
 * One WebSocket endpoint, `/ws`, authenticated by the session cookie with an Origin check (ADR 0052). Each
 * connection belongs to the user's team at connect time. Events fan out through PostgreSQL LISTEN/NOTIFY when the
 * app runs on a PostgreSQL server (several instances), and in process on the embedded database.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const clients = new Set<{ socket: WebSocket; userId: string; teamId: string | null }>();

    const deliver = (envelope: Envelope) => {
      const message = JSON.stringify(envelope.event);
      const isRecipient =
        'userId' in envelope
          ? (client: { userId: string }) => client.userId === envelope.userId
          : (client: { teamId: string | null }) => client.teamId === envelope.teamId;
      for (const client of clients) {
        if (isRecipient(client) && client.socket.readyState === client.socket.OPEN) client.socket.send(message);
      }
    };

    const { listen } = app.database;
    let stopListening: (() => Promise<void>) | null = null;
    if (listen) {
      stopListening = await listen(CHANNEL, (payload) => {
        try {
          deliver(JSON.parse(payload) as Envelope);
        } catch (error) {
          app.log.warn({ err: error }, 'realtime: unreadable notification');
        }
      });
    }

    const teamOf = async (userId: string) => {
      const [role] = await app.database.db
        .select({ teamId: userRoles.teamId })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .limit(1);
      return role?.teamId ?? null;
    };

    const publish = async (envelope: Envelope) => {
      if (stopListening) {
        await app.database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`);
      } else {
        deliver(envelope);
      }
    };

    const publishToTeam = (teamId: string, event: RealtimeEvent) => publish({ teamId, event });

    app.decorate('realtime', {
      publishToTeam,
      publishToUser: (userId, event) => publish({ userId, event }),
      async notifyTeamOf(userId, resource) {
        try {
          const teamId = await teamOf(userId);
          if (teamId) await publishToTeam(teamId, { type: 'changed', resource, teamId });
        } catch (error) {
          // A missed notice only delays a refresh (the lists also refetch on their own); the change itself stands.
          app.log.warn({ err: error, resource }, 'realtime: notice not sent');
        }
      },
      connectionCount: () => clients.size,
    } satisfies Realtime);

    // Routes declare `config: { changes: '<resource>' }`; a successful state change notifies the caller's team.
    app.addHook('onResponse', async (request, reply) => {
      const resource = request.routeOptions.config.changes;
      if (!resource || request.method === 'GET' || reply.statusCode >= 300 || !request.user) return;
      await app.realtime.notifyTeamOf(request.user.id, resource);
    });

    await app.register(websocket, { options: { maxPayload: 4096 } });

    app.get('/ws', { websocket: true }, async (socket, request) => {
      const origin = request.headers.origin;
      if (!origin || !options.config.trustedOrigins.includes(origin)) {
        socket.close(POLICY_VIOLATION, 'Origin not allowed');
        return;
      }
      const sessionUser = await app.readSession(readHeaders(request)).catch(() => null);
      if (!sessionUser) {
        socket.close(POLICY_VIOLATION, 'Please sign in to continue.');
        return;
      }
      const client = { socket, userId: sessionUser.id, teamId: await teamOf(sessionUser.id) };
      clients.add(client);
      socket.on('close', () => clients.delete(client));
      // The server only pushes; anything a client sends is ignored.
      socket.on('message', () => {});
    });

    app.addHook('onClose', async () => {
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
      await stopListening?.();
    });
  },
  { name: 'realtime', dependencies: ['database'] },
);
