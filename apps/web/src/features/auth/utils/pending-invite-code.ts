import { inviteCodeSchema } from '@lumen/contract';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { storage } from '@/lib/storage';

/**
 * Keeps an invite code entered on the employee pages until the team can be joined after sign-in; a blank or
 * malformed code is not kept.
 */
export function savePendingInviteCode(inviteCode: string | undefined): void {
  const parsed = inviteCodeSchema.safeParse(inviteCode ?? '');
  if (parsed.success && parsed.data) storage.set(STORAGE_KEYS.pendingInviteCode, parsed.data);
}

/** The kept invite code, or null (a value that is not a valid code is ignored). */
export function readPendingInviteCode(): string | null {
  const parsed = inviteCodeSchema.safeParse(storage.get(STORAGE_KEYS.pendingInviteCode) ?? '');
  return parsed.success && parsed.data ? parsed.data : null;
}

/** Forgets the kept invite code: it is tried once, whatever the outcome. */
export function clearPendingInviteCode(): void {
  storage.remove(STORAGE_KEYS.pendingInviteCode);
}
