import { AUTH_MESSAGES } from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

function listKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key));
}

function readValue(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
}

const englishKeys = listKeys(en);

describe('locales', () => {
  it.each([
    ['es', es],
    ['fr', fr],
    ['de', de],
  ] as const)('%s has every key of en.json, with text, and no extra keys', (_language, translation) => {
    const keys = listKeys(translation);
    expect(keys.filter((key) => !englishKeys.includes(key))).toEqual([]);
    expect(englishKeys.filter((key) => !keys.includes(key))).toEqual([]);
    for (const key of englishKeys) {
      expect(typeof readValue(translation, key), key).toBe('string');
      expect(String(readValue(translation, key)).trim(), key).not.toBe('');
    }
  });

  it('translates every shared validation message, in English word for word', () => {
    for (const [key, message] of Object.entries(AUTH_MESSAGES)) {
      expect(readValue(en, `validation.${key}`)).toBe(message);
    }
  });

  it('keeps the placeholders of each English text', () => {
    for (const key of englishKeys) {
      const placeholders = String(readValue(en, key)).match(/{{\w+}}/g) ?? [];
      for (const translation of [es, fr, de]) {
        for (const placeholder of placeholders) expect(String(readValue(translation, key)), key).toContain(placeholder);
      }
    }
  });
});
