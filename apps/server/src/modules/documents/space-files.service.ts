import { displayName, isUuid, type SpaceFile, type SpaceFileUpload } from '@lumen/contract';
import { writeAuditEntry } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/request-user.ts';
import { requireSpaceAccess, type SpaceAccess } from '../access/index.ts';
import {
  deleteFileWithDocument,
  findSpaceFile,
  listSpaceFileRows,
  renameFile,
  type SpaceFileRow,
} from './space-files.repository.ts';
import { cleanFilename, type IncomingFile, type UploadDeps, uploadFiles } from './upload.service.ts';

/** What the space file services need besides the database (uploads need all of it); each takes the part it uses. */
export type SpaceFilesDeps = UploadDeps;

function requirePermission(access: SpaceAccess, permission: 'canUpload' | 'canEdit' | 'canDelete'): void {
  const reasons = {
    canUpload: 'NO_UPLOAD_PERMISSION',
    canEdit: 'NO_EDIT_PERMISSION',
    canDelete: 'NO_DELETE_PERMISSION',
  } as const;
  if (!access.permissions[permission]) throw AppError.of(reasons[permission]);
}

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
  const row = isUuid(fileId) ? await findSpaceFile(db, spaceId, fileId) : null;
  if (!row) throw AppError.of('SPACE_FILE_NOT_FOUND');
  return row;
}

/** At most this many files in a space's list. */
const MAX_LISTED_FILES = 500;

/** The space's files, newest first (everyone who may view the space). */
async function readSpaceFiles(db: Database, spaceId: string): Promise<SpaceFile[]> {
  return (await listSpaceFileRows(db, spaceId, MAX_LISTED_FILES)).map(toSpaceFile);
}

export async function listSpaceFiles(db: Database, userId: string, spaceId: string): Promise<{ files: SpaceFile[] }> {
  await requireSpaceAccess(db, userId, { id: spaceId });
  return { files: await readSpaceFiles(db, spaceId) };
}

/**
 * Uploads into a space (every role but viewer); the files are ingested so the assistant can answer from them. Each
 * file is accepted or refused on its own; the refused ones come back with their reasons.
 */
export async function uploadSpaceFiles(
  deps: SpaceFilesDeps,
  actor: Actor,
  spaceId: string,
  incoming: AsyncIterable<IncomingFile>,
): Promise<SpaceFileUpload> {
  const access = await requireSpaceAccess(deps.db, actor.userId, { id: spaceId });
  requirePermission(access, 'canUpload');
  const { files: uploaded, refused } = await uploadFiles(deps, actor.userId, incoming, {
    spaceId,
    teamId: access.space.teamId,
  });
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
  return { files: (await readSpaceFiles(deps.db, spaceId)).filter((file) => ids.has(file.id)), refused };
}

export interface SpaceFileContent {
  stream: NodeJS.ReadableStream;
  filename: string;
  mimeType: string;
  size: number;
}

export async function openSpaceFile(
  deps: Pick<SpaceFilesDeps, 'db' | 'storage'>,
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
      await renameFile(tx, fileId, filename);
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
  deps: Pick<SpaceFilesDeps, 'db' | 'storage' | 'log'>,
  actor: Actor,
  spaceId: string,
  fileId: string,
): Promise<void> {
  const access = await requireSpaceAccess(deps.db, actor.userId, { id: spaceId });
  const row = await requireSpaceFile(deps.db, spaceId, fileId);
  requirePermission(access, 'canDelete');
  await deps.db.transaction(async (tx) => {
    await deleteFileWithDocument(tx, fileId);
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
