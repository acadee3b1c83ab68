import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, deriveSecretsKey, SecretDecryptionError } from './secrets.ts';

const KEY = 'test-secret-key-that-is-long-enough-0123456789';
const TOKEN = 'ya29.a0-access-token-with-ünïcode-✓';

function decryptionFailure(run: () => string): SecretDecryptionError {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretDecryptionError) return error;
    throw error;
  }
  throw new Error('the value was decrypted');
}

/** Replaces one character of a base64url part with another valid one. */
function flipCharacter(part: string, index: number): string {
  const next = part[index] === 'A' ? 'B' : 'A';
  return `${part.slice(0, index)}${next}${part.slice(index + 1)}`;
}

describe('secret box (AES-256-GCM)', () => {
  it('round-trips a value, in the versioned v1 format with base64url parts', () => {
    const box = createSecretBox(KEY);
    const sealed = box.encrypt(TOKEN);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain(TOKEN);
    expect(box.decrypt(sealed)).toBe(TOKEN);
    expect(box.decrypt(box.encrypt(''))).toBe('');
  });

  it('uses a new IV each time, so the same value never seals the same', () => {
    const box = createSecretBox(KEY);
    const sealed = Array.from({ length: 20 }, () => box.encrypt(TOKEN));
    expect(new Set(sealed).size).toBe(20);
    expect(new Set(sealed.map((value) => value.split(':')[1])).size).toBe(20);
  });

  it('detects tampering with the IV, the ciphertext or the tag, without the plaintext in the error', () => {
    const box = createSecretBox(KEY);
    const [version, iv = '', ciphertext = '', tag = ''] = box.encrypt(TOKEN).split(':');
    const altered = [
      [version, flipCharacter(iv, 3), ciphertext, tag],
      [version, iv, flipCharacter(ciphertext, 5), tag],
      [version, iv, ciphertext, flipCharacter(tag, 2)],
      [version, iv, `${ciphertext}AA`, tag],
      ['v2', iv, ciphertext, tag],
      [version, iv, ciphertext],
    ];
    for (const parts of altered) {
      const error = decryptionFailure(() => box.decrypt(parts.join(':')));
      expect(error.message).not.toContain(TOKEN);
      expect(error.message).not.toContain(ciphertext);
    }
  });

  it('refuses a value sealed with another SECRET_KEY', () => {
    const sealed = createSecretBox(KEY).encrypt(TOKEN);
    const error = decryptionFailure(() => createSecretBox(`${KEY}-rotated`).decrypt(sealed));
    expect(error.message).toBe(
      'A stored secret could not be decrypted: the value was altered or sealed with another key',
    );
  });

  it('derives a key that is neither SECRET_KEY itself nor the same for another SECRET_KEY', () => {
    const key = deriveSecretsKey(KEY);
    expect(key).toHaveLength(32);
    expect(key.equals(Buffer.from(KEY).subarray(0, 32))).toBe(false);
    expect(key.equals(createHmac('sha256', KEY).digest())).toBe(false);
    expect(key.equals(deriveSecretsKey(`${KEY}-other`))).toBe(false);
    expect(key.equals(deriveSecretsKey(KEY))).toBe(true);
  });
});
