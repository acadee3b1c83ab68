import { useCallback, useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';

/**
 * Favourites and unread marks are personal to this browser (docs/product-rules.md#spaces: they have no server side).
 */
export const SPACE_MARK_STORAGE_KEYS = {
  favorites: 'space-favorites',
  unread: 'space-unread',
} as const;

type MarkKind = keyof typeof SPACE_MARK_STORAGE_KEYS;

const listeners = new Set<() => void>();
const snapshots = new Map<MarkKind, { raw: string | null; ids: ReadonlySet<string> }>();

function readIds(kind: MarkKind): ReadonlySet<string> {
  const raw = storage.get(SPACE_MARK_STORAGE_KEYS[kind]);
  const cached = snapshots.get(kind);
  // useSyncExternalStore needs the same object while nothing changed.
  if (cached && cached.raw === raw) return cached.ids;
  let ids: ReadonlySet<string> = new Set();
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = new Set(parsed.filter((id): id is string => typeof id === 'string'));
  } catch {
    // A damaged value counts as no marks.
  }
  snapshots.set(kind, { raw, ids });
  return ids;
}

function writeIds(kind: MarkKind, ids: ReadonlySet<string>) {
  if (ids.size === 0) storage.remove(SPACE_MARK_STORAGE_KEYS[kind]);
  else storage.set(SPACE_MARK_STORAGE_KEYS[kind], JSON.stringify([...ids]));
  for (const listener of listeners) listener();
}

/** Adds or removes one space's mark. */
export function setSpaceMark(kind: MarkKind, spaceId: string, isMarked: boolean) {
  const ids = new Set(readIds(kind));
  if (ids.has(spaceId) === isMarked) return;
  if (isMarked) ids.add(spaceId);
  else ids.delete(spaceId);
  writeIds(kind, ids);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(SPACE_MARK_STORAGE_KEYS).some((key) => key === event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The ids of the favourite and of the unread spaces, kept in localStorage, with their setters. */
export function useSpaceMarks() {
  const favoriteIds = useSyncExternalStore(subscribe, () => readIds('favorites'));
  const unreadIds = useSyncExternalStore(subscribe, () => readIds('unread'));
  const setFavorite = useCallback((spaceId: string, isFavorite: boolean) => {
    setSpaceMark('favorites', spaceId, isFavorite);
  }, []);
  const setUnread = useCallback((spaceId: string, isUnread: boolean) => {
    setSpaceMark('unread', spaceId, isUnread);
  }, []);
  return { favoriteIds, unreadIds, setFavorite, setUnread };
}
