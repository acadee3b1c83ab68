import { randomUUID } from 'node:crypto';
import websocket, { type WebSocket } from '@fastify/websocket';
import {
  clientRealtimeMessageSchema,
  type OnlineMember,
  type RealtimeEvent,
  TYPING_NOTICE_INTERVAL_MS,
} from '@lumen/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { readHeaders } from './auth.ts';
import { createNotifyPayloadAssembler, splitNotifyPayload } from './notify-payload.ts';
import {
  clearInstance,
  listOnlineMembers,
  markAbsent,
  markPresent,
  readTeamsOf,
  sweepStalePresence,
} from './presence.ts';

const CHANNEL = 'lumen_realtime';
/** Close code for a refused connection (policy violation): the client does not retry it. */
const POLICY_VIOLATION = 1008;

export type ChangedResource = Extract<RealtimeEvent, { type: 'changed' }>['resource'];

/**
 * How often each instance pings its sockets (one that did not answer the last ping is closed), re-reads its users'
 * teams, refreshes its presence rows and sweeps those of instances that died: well inside the 30 s after which a
 * closed tab or a dead instance no longer counts as online.
 */
const HEARTBEAT_MS = 10_000;
/** The close reason of a socket whose session ended (signed out, revoked). */
const SESSION_ENDED_REASON = 'Your session has ended. Please sign in again.';

/**
 * Who receives an event: a team's members, or one user's own sockets (integration events); or a notice that a user's
 * team changed, which every instance applies to that user's sockets.
 */
type Envelope =
  | { teamId: string; event: RealtimeEvent }
  | { userId: string; event: RealtimeEvent }
  | { userId: string; refreshTeam: true };

interface Client {
  socket: WebSocket;
  userId: string;
  /** The user's team now: events of that team reach the socket, and only those. */
  teamId: string | null;
  /** Answered the last ping. */
  isAlive: boolean;
  /** The name teammates see (typing notices). */
  name: string;
  /** When this socket last passed on a typing notice (ms since the epoch). */
  lastTypingAt: number;
  /** The upgrade request's headers (its session cookie): the session is read again every heartbeat. */
  sessionHeaders: Headers;
}

export interface Realtime {
  /** Pushes the event to every connected member of the team, on every instance. */
  publishToTeam(teamId: string, event: RealtimeEvent): Promise<void>;
  /** Pushes the event to that user's connections only (any team), on every instance. */
  publishToUser(userId: string, event: RealtimeEvent): Promise<void>;
  /** Tells the user's team that something changed (the clients refetch it); a user without a team tells nobody. */
  notifyTeamOf(userId: string, resource: ChangedResource): Promise<void>;
  /**
   * The user's team changed (created, joined, removed): their open sockets on every instance follow it at once, so a
   * removed member's socket stops receiving the team's events. (Each instance also re-reads its users' teams every
   * heartbeat, for changes made elsewhere.)
   */
  refreshTeamOf(userId: string): Promise<void>;
  /** The team's members with an open connection on any instance. */
  onlineMembers(teamId: string): Promise<OnlineMember[]>;
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
  async (app: FastifyInstance, options: { config: Config; heartbeatMs?: number | undefined }) => {
    const clients = new Set<Client>();
    const instanceId = randomUUID();
    let isClosing = false;
    const db = () => app.database.db;

    const deliver = (envelope: Envelope) => {
      if ('refreshTeam' in envelope) {
        void followTeamOf(envelope.userId);
        return;
      }
      const message = JSON.stringify(envelope.event);
      const isRecipient =
        'userId' in envelope
          ? (client: Client) => client.userId === envelope.userId
          : (client: Client) => client.teamId === envelope.teamId;
      for (const client of clients) {
        if (isRecipient(client) && client.socket.readyState === client.socket.OPEN) client.socket.send(message);
      }
    };

    const { listen } = app.database;
    let stopListening: (() => Promise<void>) | null = null;
    if (listen) {
      const assembler = createNotifyPayloadAssembler();
      stopListening = await listen(
        CHANNEL,
        (notification) => {
          try {
            const payload = assembler.accept(notification);
            if (payload !== null) deliver(JSON.parse(payload) as Envelope);
          } catch (error) {
            app.log.warn({ err: error }, 'realtime: unreadable notification');
          }
        },
        () => {
          // Listening again after the database connection was lost: events sent meanwhile never came, so every
          // socket here is told to fetch what it shows again.
          app.log.info('realtime: listening again; clients resync');
          const message = JSON.stringify({ type: 'resync' } satisfies RealtimeEvent);
          for (const client of clients) {
            if (client.socket.readyState === client.socket.OPEN) client.socket.send(message);
          }
        },
      );
    }

    const teamOf = async (userId: string) => (await readTeamsOf(db(), [userId])).get(userId) ?? null;

    const publish = async (envelope: Envelope) => {
      if (stopListening) {
        // One statement for all the parts of a large event: they leave together, in order, when it commits.
        const notices = splitNotifyPayload(JSON.stringify(envelope)).map((part) => sql`pg_notify(${CHANNEL}, ${part})`);
        await app.database.db.execute(sql`select ${sql.join(notices, sql`, `)}`);
      } else {
        deliver(envelope);
      }
    };

    const publishToTeam = (teamId: string, event: RealtimeEvent) => publish({ teamId, event });

    /** Tells the team who is online now; a failure only delays the count until the next change. */
    const publishPresence = async (teamId: string) => {
      try {
        await publishToTeam(teamId, { type: 'presence', teamId, online: await listOnlineMembers(db(), teamId) });
      } catch (error) {
        app.log.warn({ err: error, teamId }, 'realtime: presence not sent');
      }
    };

    const hasOtherSocket = (client: Client, teamId: string) =>
      [...clients].some((other) => other !== client && other.userId === client.userId && other.teamId === teamId);

    const arrive = async (userId: string, teamId: string) => {
      await markPresent(db(), instanceId, [{ userId, teamId }]);
      await publishPresence(teamId);
    };

    const depart = async (userId: string, teamId: string) => {
      await markAbsent(db(), instanceId, userId, teamId);
      await publishPresence(teamId);
    };

    /** Moves the user's sockets on this instance to their team now, and their presence with them. */
    async function followTeamOf(userId: string, knownTeamId?: string | null): Promise<void> {
      const sockets = [...clients].filter((client) => client.userId === userId);
      const [first] = sockets;
      if (!first) return;
      try {
        const teamId = knownTeamId === undefined ? await teamOf(userId) : knownTeamId;
        const previous = first.teamId;
        if (previous === teamId) return;
        for (const client of sockets) client.teamId = teamId;
        if (previous) await depart(userId, previous);
        if (teamId) await arrive(userId, teamId);
      } catch (error) {
        app.log.warn({ err: error }, 'realtime: a socket could not follow its team');
      }
    }

    /**
     * A socket lives no longer than its session (issue #15): signed out, 'Sign out everywhere', a password changed or
     * reset elsewhere: within a heartbeat the socket is closed as a refusal (1008), which the client does not retry.
     * A session that cannot be read now (the database away) keeps its socket.
     */
    const closeEndedSessions = async () => {
      for (const client of clients) {
        const user = await app.readSession(client.sessionHeaders).catch(() => undefined);
        if (user === null || (user && user.id !== client.userId)) {
          client.socket.close(POLICY_VIOLATION, SESSION_ENDED_REASON);
        }
      }
    };

    const heartbeat = setInterval(() => {
      void (async () => {
        for (const client of clients) {
          if (!client.isAlive) {
            client.socket.terminate();
            continue;
          }
          client.isAlive = false;
          client.socket.ping();
        }
        await closeEndedSessions();
        try {
          const userIds = [...new Set([...clients].map((client) => client.userId))];
          const teams = await readTeamsOf(db(), userIds);
          for (const userId of userIds) {
            const teamId = teams.get(userId) ?? null;
            if ([...clients].some((client) => client.userId === userId && client.teamId !== teamId)) {
              await followTeamOf(userId, teamId);
            }
          }
          const present = new Map<string, { userId: string; teamId: string }>();
          for (const client of clients) {
            if (client.teamId)
              present.set(`${client.userId} ${client.teamId}`, { userId: client.userId, teamId: client.teamId });
          }
          await markPresent(db(), instanceId, [...present.values()]);
          for (const teamId of await sweepStalePresence(db())) await publishPresence(teamId);
        } catch (error) {
          app.log.warn({ err: error }, 'realtime: presence heartbeat failed');
        }
      })();
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();

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
      refreshTeamOf: (userId) => publish({ userId, refreshTeam: true }),
      onlineMembers: (teamId) => listOnlineMembers(db(), teamId),
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
      const sessionHeaders = readHeaders(request);
      const sessionUser = await app.readSession(sessionHeaders).catch(() => null);
      if (!sessionUser) {
        socket.close(POLICY_VIOLATION, 'Please sign in to continue.');
        return;
      }
      const client: Client = {
        socket,
        userId: sessionUser.id,
        teamId: await teamOf(sessionUser.id),
        isAlive: true,
        name: sessionUser.name || sessionUser.email,
        lastTypingAt: 0,
        sessionHeaders,
      };
      clients.add(client);
      socket.on('pong', () => {
        client.isAlive = true;
      });
      socket.on('close', () => {
        clients.delete(client);
        const { teamId } = client;
        // The user's last socket for the team on this instance: they leave its online list (two tabs count once).
        if (teamId && !isClosing && !hasOtherSocket(client, teamId)) {
          depart(client.userId, teamId).catch((error: unknown) => app.log.warn({ err: error }, 'realtime: presence'));
        }
      });
      // A client only says that its user is typing in the team room (at most every TYPING_NOTICE_INTERVAL_MS passed
      // on); anything else, or anything unreadable, is ignored.
      socket.on('message', (data: Buffer) => {
        let parsed: ReturnType<typeof clientRealtimeMessageSchema.safeParse>;
        try {
          parsed = clientRealtimeMessageSchema.safeParse(JSON.parse(String(data)));
        } catch {
          return;
        }
        const { teamId } = client;
        const now = Date.now();
        if (!parsed.success || !teamId || now - client.lastTypingAt < TYPING_NOTICE_INTERVAL_MS) return;
        client.lastTypingAt = now;
        publishToTeam(teamId, { type: 'typing', teamId, userId: client.userId, name: client.name }).catch(
          (error: unknown) => app.log.warn({ err: error }, 'realtime: typing notice not sent'),
        );
      });
      // A user's first socket for the team here changes who is online; another tab of theirs changes nothing.
      if (client.teamId && !hasOtherSocket(client, client.teamId)) {
        await arrive(client.userId, client.teamId).catch((error: unknown) =>
          app.log.warn({ err: error }, 'realtime: presence not recorded'),
        );
      }
    });

    app.addHook('onClose', async () => {
      isClosing = true;
      clearInterval(heartbeat);
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
      clients.clear();
      await clearInstance(db(), instanceId).catch(() => undefined);
      await stopListening?.();
    });
  },
  { name: 'realtime', dependencies: ['database'] },
);
