import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { clearPendingInviteCode, readPendingInviteCode, savePendingInviteCode } from './pending-invite-code';

const INVITE_CODE = '3f1c2b8e-8d4a-4c1e-9a57-2f6b1d0c9e44';

describe('pending invite code', () => {
  it('keeps a valid code until it is cleared', () => {
    savePendingInviteCode(` ${INVITE_CODE} `);
    expect(readPendingInviteCode()).toBe(INVITE_CODE);

    clearPendingInviteCode();
    expect(readPendingInviteCode()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBeNull();
  });

  it('does not keep a blank or malformed code, and ignores a malformed stored value', () => {
    savePendingInviteCode('');
    savePendingInviteCode('not-a-uuid');
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingInviteCode)).toBeNull();

    window.localStorage.setItem(STORAGE_KEYS.pendingInviteCode, 'tampered');
    expect(readPendingInviteCode()).toBeNull();
  });
});
