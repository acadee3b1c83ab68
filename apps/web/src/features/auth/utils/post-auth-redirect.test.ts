import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { consumePostAuthRedirect, peekPostAuthRedirect, savePostAuthRedirect } from './post-auth-redirect';

describe('post-auth redirect', () => {
  it('is consumed once', () => {
    savePostAuthRedirect('/analytics?range=7d');
    expect(peekPostAuthRedirect()).toBe('/analytics?range=7d');
    expect(consumePostAuthRedirect()).toBe('/analytics?range=7d');
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBeNull();
    expect(consumePostAuthRedirect()).toBeNull();
  });

  it('never follows a path that leaves the app', () => {
    savePostAuthRedirect('//evil.example.com');
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.postAuthRedirect, 'https://evil.example.com');
    expect(consumePostAuthRedirect()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.postAuthRedirect)).toBeNull();
  });
});
