import { STORAGE_KEYS } from '@lumen/contract';
import { storage } from '@/lib/storage';

/** Keeps an invite code entered on the employee pages until the teams feature accepts it after sign-in. */
export function savePendingInviteCode(inviteCode: string | undefined): void {
  const code = inviteCode?.trim();
  if (code) storage.set(STORAGE_KEYS.pendingInviteCode, code);
}
