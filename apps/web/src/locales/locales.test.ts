import {
  AUTH_MESSAGES,
  DAILY_STAT_LABELS,
  ERROR_REASONS,
  findErrorReason,
  isErrorReason,
  THINKING_TYPES,
} from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import { AI_CHAT_MESSAGES } from '@/config/chat-messages';
import { THINKING_TEXTS } from '@/config/thinking-texts';
import { englishDocumentFailures } from '@/lib/document-failure-text';
import { i18n, NAMESPACES } from '@/lib/i18n';
import { englishServerErrors, TRANSLATED_REASONS } from '@/lib/translated-reasons';
import de from './de.json';
import enFile from './en.json';
import enApp from './en-app.json';
import es from './es.json';
import fr from './fr.json';

function listKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key));
}

function readValue(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
}

/** English as the app loads it: the landing page's file and the app's, and the server error and document failure texts built from the contract. */
const en = {
  ...enFile,
  ...enApp,
  documents: { ...enApp.documents, failures: englishDocumentFailures() },
  serverErrors: englishServerErrors(),
};
const englishKeys = listKeys(en);

const namespaceFiles = import.meta.glob<{ default: unknown }>('./*/*.json', { eager: true });

function namespaceBundle(namespace: string, language: string): unknown {
  return namespaceFiles[`./${namespace}/${language}.json`]?.default;
}

function expectSameKeysWithText(translation: unknown, english: unknown) {
  const expected = listKeys(english);
  const keys = listKeys(translation);
  expect(keys.filter((key) => !expected.includes(key))).toEqual([]);
  expect(expected.filter((key) => !keys.includes(key))).toEqual([]);
  for (const key of expected) {
    expect(typeof readValue(translation, key), key).toBe('string');
    expect(String(readValue(translation, key)).trim(), key).not.toBe('');
    const placeholders = String(readValue(english, key)).match(/{{\w+}}/g) ?? [];
    for (const placeholder of placeholders) expect(String(readValue(translation, key)), key).toContain(placeholder);
  }
}

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

  it.each(NAMESPACES.flatMap((namespace) => (['es', 'fr', 'de'] as const).map((language) => [namespace, language])))(
    'namespace %s in %s has every English key, with text and placeholders',
    (namespace, language) => {
      const english = namespaceBundle(namespace, 'en');
      expect(english, `${namespace}/en.json`).toBeDefined();
      expectSameKeysWithText(namespaceBundle(namespace, language), english);
    },
  );

  it('translates every shared validation message by its reason, in English word for word', () => {
    for (const message of Object.values(AUTH_MESSAGES)) {
      expect(readValue(en, `serverErrors.${findErrorReason(message)}`), message).toBe(message);
    }
  });

  it('translates only reasons of the catalogue, each once', () => {
    expect(TRANSLATED_REASONS.filter((reason) => !isErrorReason(reason))).toEqual([]);
    expect(new Set(TRANSLATED_REASONS).size).toBe(TRANSLATED_REASONS.length);
    expect(enFile).not.toHaveProperty('serverErrors');
  });

  it('keys the server errors by reasons of the catalogue, in English word for word (the due date in short)', () => {
    const shortened: Record<string, string> = { INVALID_DUE_DATE: 'Please enter a valid date' };
    for (const [reason, text] of Object.entries(en.serverErrors)) {
      expect(isErrorReason(reason), reason).toBe(true);
      // The catalogue's {placeholder} is i18next's {{placeholder}}.
      const catalogued = isErrorReason(reason) ? ERROR_REASONS[reason].message.replace(/\{(\w+)\}/g, '{{$1}}') : '';
      expect(text, reason).toBe(shortened[reason] ?? catalogued);
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

  it("keeps the spec's AI chat error texts in English, word for word", () => {
    const t = i18n.getFixedT('en');
    expect(t('chat.errors.requestFailed', { status: 500, statusText: 'Internal Server Error', detail: 'Boom.' })).toBe(
      AI_CHAT_MESSAGES.requestFailed(500, 'Internal Server Error', 'Boom.'),
    );
    expect(t('chat.errors.invalidJson')).toBe(AI_CHAT_MESSAGES.invalidJson);
    expect(t('chat.errors.missingResponse')).toBe(AI_CHAT_MESSAGES.missingResponse);
    expect(t('chat.errors.networkError')).toBe(AI_CHAT_MESSAGES.networkError);
    expect(t('chat.errors.agentError', { message: 'x' })).toBe(`${AI_CHAT_MESSAGES.agentErrorPrefix}x`);
    expect(t('chat.errors.emptyReply')).toBe(AI_CHAT_MESSAGES.emptyReply);
    expect(t('chat.errors.connectionError', { message: 'Oops.' })).toBe(AI_CHAT_MESSAGES.connectionError('Oops.'));
  });

  it("keeps the spec's thinking texts and Daily Updates labels in English, word for word", () => {
    for (const type of THINKING_TYPES) expect(en.chat.thinking[type]).toBe(THINKING_TEXTS[type]);
    expect(Object.values(en.dailyUpdates.stats)).toEqual([...DAILY_STAT_LABELS]);
  });
});
