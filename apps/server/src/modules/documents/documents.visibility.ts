import { eq, type SQL } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';

/**
 * THE rule for which documents a user may view, as a condition on the `documents` table. Every read of documents,
 * chunks and search passages goes through it, so spaces, shares and connectors extend access in this one place.
 * Today: the documents the user owns (their uploads; later also their connected platforms).
 */
export function visibleDocumentsCondition(userId: string): SQL {
  return eq(documents.ownerId, userId);
}

/**
 * Which documents a user may delete. Today the same as viewing (own documents); space roles (delete: admin only) will
 * narrow it for space files.
 */
export function deletableDocumentsCondition(userId: string): SQL {
  return eq(documents.ownerId, userId);
}
