import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of stored secrets (OAuth access and refresh tokens, PKCE verifiers) with AES-256-GCM (ADR 0080).
 *
 * The key is derived from SECRET_KEY with HKDF-SHA256 under a fixed info label, so it is never the key that signs
 * sessions. Each value gets a random 12-byte IV. The output is versioned, `v1:<iv>:<ciphertext>:<tag>` with base64url
 * parts, so the key or the algorithm can change later while old values stay readable.
 */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_INFO = 'lumen/stored-secrets/aes-256-gcm/v1';

export interface SecretBox {
  encrypt(plaintext: string): string;
  /** Throws `SecretDecryptionError` for a value that was altered, is malformed, or was sealed with another key. */
  decrypt(sealed: string): string;
}

/** A value that cannot be opened. The message never repeats the value or anything decrypted from it. */
export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`A stored secret could not be decrypted: ${reason}`);
    this.name = 'SecretDecryptionError';
  }
}

export function deriveSecretsKey(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), KEY_INFO, 32));
}

export function createSecretBox(secretKey: string): SecretBox {
  const key = deriveSecretsKey(secretKey);
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), tag.toString('base64url')].join(':');
    },
    decrypt(sealed) {
      const parts = sealed.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptionError('unknown format or version');
      const [, ivPart = '', ciphertextPart = '', tagPart = ''] = parts;
      const iv = Buffer.from(ivPart, 'base64url');
      const tag = Buffer.from(tagPart, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError('malformed value');
      try {
        const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextPart, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Only GCM's verdict is kept: the value was altered or sealed with another key.
        throw new SecretDecryptionError('the value was altered or sealed with another key');
      }
    },
  };
}
