import { and, desc, eq } from 'drizzle-orm';
import { documents, files, user } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/** A space's file with its uploader and its document (the document is absent only while nothing was ingested). */
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

export type SpaceFileRow = Awaited<ReturnType<ReturnType<typeof selectSpaceFiles>['execute']>>[number];

export async function findSpaceFile(db: Database, spaceId: string, fileId: string): Promise<SpaceFileRow | null> {
  const [row] = await selectSpaceFiles(db)
    .where(and(eq(files.spaceId, spaceId), eq(files.id, fileId)))
    .limit(1);
  return row ?? null;
}

/** The space's files, newest first (at most `limit`). */
export async function listSpaceFileRows(db: Database, spaceId: string, limit: number): Promise<SpaceFileRow[]> {
  return selectSpaceFiles(db)
    .where(eq(files.spaceId, spaceId))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(limit);
}

/** Renames the file and its document's title. */
export async function renameFile(db: Database, fileId: string, filename: string): Promise<void> {
  await db.update(files).set({ filename }).where(eq(files.id, fileId));
  await db.update(documents).set({ title: filename, updatedAt: new Date() }).where(eq(documents.fileId, fileId));
}

/** Deletes the file row and its document (its chunks and postings go with it); the stored object stays. */
export async function deleteFileWithDocument(db: Database, fileId: string): Promise<void> {
  await db.delete(documents).where(eq(documents.fileId, fileId));
  await db.delete(files).where(eq(files.id, fileId));
}
