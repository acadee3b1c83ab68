import { inviteCodeSchema, STORAGE_KEYS } from '@lumen/contract';
import { storage } from '@/lib/storage';

/**
 * Keeps an invite code entered on the employee pages until the teams feature accepts it after sign-in; a blank or
 * malformed code is not kept.
 */
export function savePendingInviteCode(inviteCode: string | undefined): void {
  const parsed = inviteCodeSchema.safeParse(inviteCode ?? '');
  if (parsed.success && parsed.data) storage.set(STORAGE_KEYS.pendingInviteCode, parsed.data);
}
