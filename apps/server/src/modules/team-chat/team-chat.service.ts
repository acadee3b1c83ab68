import {
  displayName,
  isUuid,
  mentionsAssistant,
  PRODUCT_NAME,
  questionOfMention,
  type SendTeamMessageInput,
  TEAM_CHAT_MESSAGES,
  TEAM_CHAT_UNREAD_CAP,
  TEAM_ROOM_ANSWERS_AT_ONCE,
  type TeamChatUnread,
  type TeamMessage,
  type TeamMessagePage,
  type TeamMessagesQuery,
  type TeamPresence,
} from '@lumen/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAuditEntry } from '../../platform/audit.ts';
import { type Database, lockKeysForTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Realtime } from '../../platform/realtime.ts';
import type { Actor } from '../../platform/request-user.ts';
import { canDeleteTeamMessage, canEditTeamMessage, requireMembership } from '../access/index.ts';
import {
  countAnswering,
  countUnread,
  deleteTeamMessage,
  findTeamMessage,
  insertTeamMessage,
  listTeamMessages,
  markRead,
  type TeamMessageRow,
  updateTeamMessageContent,
} from './team-chat.repository.ts';

export interface TeamChatDeps {
  db: Database;
  realtime: Realtime;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/** The job that writes the assistant's answer to an `@Lumen` question (`team-chat.jobs.ts`). */
export const ANSWER_IN_ROOM_JOB = 'team-chat.answer';
export interface AnswerInRoomPayload {
  answerId: string;
}

function senderOf(row: TeamMessageRow): TeamMessage['sender'] {
  if (row.kind === 'assistant') return { name: PRODUCT_NAME, avatarUrl: null };
  const hasProfile = row.userId !== null && row.firstName !== null;
  return {
    name: hasProfile ? displayName(row, TEAM_CHAT_MESSAGES.unknownUser) : TEAM_CHAT_MESSAGES.unknownUser,
    avatarUrl: hasProfile ? row.avatarUrl : null,
  };
}

export function toTeamMessage(row: TeamMessageRow): TeamMessage {
  return {
    id: row.id,
    seq: row.seq,
    teamId: row.teamId,
    kind: row.kind,
    userId: row.userId,
    sender: senderOf(row),
    content: row.content,
    status: row.status,
    replyToId: row.replyToId,
    citations: row.citations,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}

/** Pushes a room event to the team; the message is stored either way, and clients catch up on their next fetch. */
export async function publish(deps: TeamChatDeps, teamId: string, event: Parameters<Realtime['publishToTeam']>[1]) {
  try {
    await deps.realtime.publishToTeam(teamId, event);
  } catch (error) {
    deps.log.warn({ err: error, teamId }, 'team chat: event not pushed');
  }
}

/** The caller's team room: the newest page, older ones (`before`) or what came after `after` (a reconnect). */
export async function listMessages(db: Database, userId: string, query: TeamMessagesQuery): Promise<TeamMessagePage> {
  const { teamId } = await requireMembership(db, userId);
  const { rows, hasOlder } = await listTeamMessages(db, teamId, query);
  return { messages: rows.map(toTeamMessage), hasOlder };
}

/** The caller's team members with the app open now (presence over `/ws`, on every instance). */
export async function listOnline(deps: TeamChatDeps, userId: string): Promise<TeamPresence> {
  const { teamId } = await requireMembership(deps.db, userId);
  return { online: await deps.realtime.onlineMembers(teamId) };
}

export async function requireMessage(db: Database, teamId: string, id: string): Promise<TeamMessageRow> {
  // Another team's message, or no message: the same answer.
  const row = isUuid(id) ? await findTeamMessage(db, teamId, id) : null;
  if (!row) throw AppError.of('TEAM_MESSAGE_NOT_FOUND');
  return row;
}

/**
 * Stores a message and pushes it to every member's open sockets. Messages of one team are written one at a time (an
 * advisory lock), so their `seq` order is their commit order: a client that asks for what came after its last
 * message never misses one committed later with a smaller number. A message that mentions the assistant (`@Lumen`)
 * with a question also gets the assistant's answer, empty and 'answering', right after it, and the job that writes
 * it (queued in the same transaction, so a crash never leaves an answer nobody writes).
 */
export async function sendMessage(deps: TeamChatDeps, actor: Actor, input: SendTeamMessageInput): Promise<TeamMessage> {
  const { teamId } = await requireMembership(deps.db, actor.userId);
  const asksAssistant = mentionsAssistant(input.content) && questionOfMention(input.content) !== '';
  const { message, answer } = await deps.db.transaction(async (tx) => {
    await lockKeysForTransaction(tx, [`team-chat:${teamId}`]);
    if (asksAssistant && (await countAnswering(tx, teamId)) >= TEAM_ROOM_ANSWERS_AT_ONCE) {
      throw AppError.of('TEAM_ROOM_ASSISTANT_BUSY');
    }
    const id = await insertTeamMessage(tx, { teamId, userId: actor.userId, content: input.content });
    const sent = toTeamMessage(await requireMessage(tx, teamId, id));
    if (!asksAssistant) return { message: sent, answer: null };
    const answerId = await insertTeamMessage(tx, {
      teamId,
      kind: 'assistant',
      status: 'answering',
      replyToId: id,
      content: '',
    });
    await deps.jobs.enqueue(ANSWER_IN_ROOM_JOB, { answerId } satisfies AnswerInRoomPayload, { db: tx, maxAttempts: 2 });
    return { message: sent, answer: toTeamMessage(await requireMessage(tx, teamId, answerId)) };
  });
  await publish(deps, teamId, { type: 'team_message', message });
  if (answer) {
    await publish(deps, teamId, { type: 'team_message', message: answer });
    deps.jobs.wake();
  }
  return message;
}

/** The author changes their message; every member sees the new text. */
export async function editMessage(
  deps: TeamChatDeps,
  actor: Actor,
  id: string,
  input: SendTeamMessageInput,
): Promise<TeamMessage> {
  const { teamId } = await requireMembership(deps.db, actor.userId);
  const row = await requireMessage(deps.db, teamId, id);
  if (!canEditTeamMessage(actor.userId, { authorId: row.userId })) throw AppError.of('TEAM_MESSAGE_NOT_YOURS');
  await updateTeamMessageContent(deps.db, row.id, input.content);
  const message = toTeamMessage(await requireMessage(deps.db, teamId, row.id));
  await publish(deps, teamId, { type: 'team_message_edited', message });
  return message;
}

/** The author, or a team admin, deletes a message; an admin's deletion of someone else's is audited. */
export async function removeMessage(deps: TeamChatDeps, actor: Actor, id: string): Promise<void> {
  const membership = await requireMembership(deps.db, actor.userId);
  const row = await requireMessage(deps.db, membership.teamId, id);
  if (!canDeleteTeamMessage(actor.userId, membership, { authorId: row.userId })) {
    throw AppError.of('TEAM_MESSAGE_CANNOT_DELETE');
  }
  await deps.db.transaction(async (tx) => {
    await deleteTeamMessage(tx, row.id);
    if (row.userId !== actor.userId) {
      await writeAuditEntry(tx, actor, {
        teamId: membership.teamId,
        action: 'team_message_delete',
        resourceType: 'team_message',
        resourceId: row.id,
        oldValues: { authorId: row.userId, content: row.content, createdAt: row.createdAt.toISOString() },
        severity: 'low',
      });
    }
  });
  await publish(deps, membership.teamId, { type: 'team_message_deleted', teamId: membership.teamId, id: row.id });
}

/** The member has seen the room up to `seq`. */
export async function markRoomRead(db: Database, userId: string, seq: number): Promise<void> {
  const { teamId } = await requireMembership(db, userId);
  await markRead(db, userId, teamId, seq);
}

/** How many messages of others the member has not seen yet (up to the cap). */
export async function readUnread(db: Database, userId: string): Promise<TeamChatUnread> {
  const { teamId } = await requireMembership(db, userId);
  const { count, lastReadSeq } = await countUnread(db, userId, teamId, TEAM_CHAT_UNREAD_CAP);
  return { count: Math.min(count, TEAM_CHAT_UNREAD_CAP), isCapped: count > TEAM_CHAT_UNREAD_CAP, lastReadSeq };
}
