import { displayName, isUuid, SPACE_MESSAGES, type SpaceFile } from '@lumen/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { documents, files, user } from '../../db/schema/index.ts';
import { writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/request-user.ts';
import type { Storage } from '../../platform/storage.ts';
import { requireSpaceAccess, type SpaceAccess } from '../access/index.ts';
import { cleanFilename, type IncomingFile, type UploadDeps, uploadFiles } from './documents.service.ts';

const FILE_NOT_FOUND = 'File not found';

function requirePermission(access: SpaceAccess, permission: 'canUpload' | 'canEdit' | 'canDelete'): void {
  const messages = {
    canUpload: SPACE_MESSAGES.noUploadPermission,
    canEdit: SPACE_MESSAGES.noEditPermission,
    canDelete: SPACE_MESSAGES.noDeletePermission,
  };
  if (!access.permissions[permission]) throw new AppError('FORBIDDEN', `Access Denied: ${messages[permission]}`);
}

function selectSpaceFiles(db: Database) {
  return db
    .select({
      id: files.id,
      spaceId: files.spaceId,
      filename: files.filename,
      fileSize: files.fileSize,
      mimeType: files.mimeType,
      storageKey: files.storageKey,
      ownerId: files.ownerId,
      ownerFirstName: user.firstName,
      ownerLastName: user.lastName,
      ownerEmail: user.email,
      createdAt: files.createdAt,
      documentId: documents.id,
      status: documents.status,
    })
    .from(files)
    .innerJoin(user, eq(user.id, files.ownerId))
    .leftJoin(documents, eq(documents.fileId, files.id))
    .$dynamic();
}

type SpaceFileRow = Awaited<ReturnType<ReturnType<typeof selectSpaceFiles>['execute']>>[number];

function toSpaceFile(row: SpaceFileRow): SpaceFile {
  return {
    id: row.id,
    spaceId: row.spaceId ?? '',
    filename: row.filename,
    fileSize: Number(row.fileSize),
    mimeType: row.mimeType,
    ownerId: row.ownerId,
    ownerName: displayName({ firstName: row.ownerFirstName, lastName: row.ownerLastName, email: row.ownerEmail }),
    createdAt: row.createdAt.toISOString(),
    documentId: row.documentId,
    status: row.status,
  };
}

async function requireSpaceFile(db: Database, spaceId: string, fileId: string): Promise<SpaceFileRow> {
  const [row] = isUuid(fileId)
    ? await selectSpaceFiles(db)
        .where(and(eq(files.spaceId, spaceId), eq(files.id, fileId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', FILE_NOT_FOUND);
  return row;
}

/** The space's files, newest first (everyone who may view the space). */
async function readSpaceFiles(db: Database, spaceId: string): Promise<SpaceFile[]> {
  const rows = await selectSpaceFiles(db)
    .where(eq(files.spaceId, spaceId))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(500);
  return rows.map(toSpaceFile);
}

export async function listSpaceFiles(db: Database, userId: string, spaceId: string): Promise<{ files: SpaceFile[] }> {
  await requireSpaceAccess(db, userId, { id: spaceId });
  return { files: await readSpaceFiles(db, spaceId) };
}

/** Uploads into a space (every role but viewer); the files are ingested so the assistant can answer from them. */
export async function uploadSpaceFiles(
  deps: UploadDeps,
  actor: Actor,
  spaceId: string,
  incoming: AsyncIterable<IncomingFile>,
): Promise<{ files: SpaceFile[] }> {
  const access = await requireSpaceAccess(deps.db, actor.userId, { id: spaceId });
  requirePermission(access, 'canUpload');
  const uploaded = await uploadFiles(deps, actor.userId, incoming, { spaceId, teamId: access.space.teamId });
  await deps.db.transaction(async (tx) => {
    for (const file of uploaded) {
      await writeAuditEntry(tx, actor, {
        teamId: access.space.teamId,
        action: 'file_upload',
        resourceType: 'file',
        resourceId: file.id,
        newValues: { filename: file.filename, spaceId },
        metadata: { target: file.filename, space: access.space.name },
      });
    }
  });
  const ids = new Set(uploaded.map((file) => file.id));
  return { files: (await readSpaceFiles(deps.db, spaceId)).filter((file) => ids.has(file.id)) };
}

export interface SpaceFileContent {
  stream: NodeJS.ReadableStream;
  filename: string;
  mimeType: string;
  size: number;
}

export async function openSpaceFile(
  deps: { db: Database; storage: Storage },
  actor: Actor,
  spaceId: string,
  fileId: string,
): Promise<SpaceFileContent> {
  const access = await requireSpaceAccess(deps.db, actor.userId, { id: spaceId });
  const row = await requireSpaceFile(deps.db, spaceId, fileId);
  await deps.db.transaction((tx) =>
    writeAuditEntry(tx, actor, {
      teamId: access.space.teamId,
      action: 'file_access',
      resourceType: 'file',
      resourceId: fileId,
      metadata: { target: row.filename, space: access.space.name },
    }),
  );
  return {
    stream: await deps.storage.open(row.storageKey),
    filename: row.filename,
    mimeType: row.mimeType,
    size: Number(row.fileSize),
  };
}

/** Renames a space file (admin and team_lead); a blank name is ignored and the file keeps its name. */
export async function renameSpaceFile(
  db: Database,
  actor: Actor,
  spaceId: string,
  fileId: string,
  rawName: string,
): Promise<SpaceFile> {
  const access = await requireSpaceAccess(db, actor.userId, { id: spaceId });
  const row = await requireSpaceFile(db, spaceId, fileId);
  requirePermission(access, 'canEdit');
  const filename = rawName.trim() ? cleanFilename(rawName) : row.filename;
  if (filename !== row.filename) {
    await db.transaction(async (tx) => {
      await tx.update(files).set({ filename }).where(eq(files.id, fileId));
      await tx.update(documents).set({ title: filename, updatedAt: new Date() }).where(eq(documents.fileId, fileId));
      await writeAuditEntry(tx, actor, {
        teamId: access.space.teamId,
        action: 'file_edit',
        resourceType: 'file',
        resourceId: fileId,
        oldValues: { filename: row.filename },
        newValues: { filename },
        metadata: { target: filename, previousName: row.filename, space: access.space.name },
      });
    });
  }
  return toSpaceFile(await requireSpaceFile(db, spaceId, fileId));
}

/** Deletes a space file with its document and passages (space admins only), then the stored object. */
export async function deleteSpaceFile(
  deps: { db: Database; storage: Storage; log: Pick<FastifyBaseLogger, 'error'> },
  actor: Actor,
  spaceId: string,
  fileId: string,
): Promise<void> {
  const access = await requireSpaceAccess(deps.db, actor.userId, { id: spaceId });
  const row = await requireSpaceFile(deps.db, spaceId, fileId);
  requirePermission(access, 'canDelete');
  await deps.db.transaction(async (tx) => {
    await tx.delete(documents).where(eq(documents.fileId, fileId));
    await tx.delete(files).where(eq(files.id, fileId));
    await writeAuditEntry(tx, actor, {
      teamId: access.space.teamId,
      action: 'file_delete',
      resourceType: 'file',
      resourceId: fileId,
      oldValues: { filename: row.filename },
      metadata: { target: row.filename, space: access.space.name },
      severity: 'medium',
    });
  });
  // Each stored object belongs to one file row: a duplicate upload reuses the row and drops its own copy.
  await deps.storage.delete(row.storageKey).catch((error: unknown) => {
    deps.log.error({ err: error, key: row.storageKey }, 'could not remove a stored object');
  });
}
