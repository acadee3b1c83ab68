import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@lumen/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@/config/storage-keys';
import en from '@/locales/en.json';
import type enApp from '@/locales/en-app.json';
import { storage } from './storage';
import type { TranslatedReason } from './translated-reasons';

export type Translation = typeof en & typeof enApp & { serverErrors: Record<TranslatedReason, string> };

/**
 * English ships with the entry as far as the landing page needs it (`en.json`); the app's other English texts
 * (`en-app.json`) load with the app (`loadAppTexts`, ADR 0118). The other languages load whole, on demand.
 */
const loadTranslation: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translation }>> = {
  es: () => import('@/locales/es.json'),
  fr: () => import('@/locales/fr.json'),
  de: () => import('@/locales/de.json'),
};

/**
 * Screens that only signed-in team members reach keep their texts in namespaces of their own
 * (`locales/<namespace>/<language>.json`), loaded with the screen, so the landing page does not carry them.
 */
export const NAMESPACES = [
  'teams',
  'workspace',
  'teamManagement',
  'dashboards',
  'spaces',
  'assets',
  'integrations',
  'teamChat',
  'audit',
  'analytics',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Bundle = { default: Record<string, unknown> };
const namespaceFiles = import.meta.glob<Bundle>('../locales/*/*.json');
const requestedNamespaces = new Set<Namespace>();

async function ensureNamespaceLoaded(namespace: Namespace, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, namespace)) return;
  const load = namespaceFiles[`../locales/${namespace}/${language}.json`];
  if (!load) throw new Error(`No ${language} texts for ${namespace}`);
  const { default: bundle } = await load();
  i18n.addResourceBundle(language, namespace, bundle);
}

/** Loads the namespaces' texts in English (the fallback) and in the current language; a route awaits this. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  await Promise.all(
    namespaces.flatMap((namespace) => {
      requestedNamespaces.add(namespace);
      return [ensureNamespaceLoaded(namespace, DEFAULT_LANGUAGE), ensureNamespaceLoaded(namespace, language)];
    }),
  );
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

async function ensureTranslationLoaded(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { default: translation } = await loadTranslation[language]();
  i18n.addResourceBundle(language, 'translation', translation);
}

/** Switches the UI language and remembers it. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureTranslationLoaded(language);
  await Promise.all([...requestedNamespaces].map((namespace) => ensureNamespaceLoaded(namespace, language)));
  await i18n.changeLanguage(language);
  storage.set(STORAGE_KEYS.language, language);
}

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}

/** A contract text's `{name}` placeholders as i18next writes them (`{{name}}`). */
export function toI18nextPlaceholders(text: string): string {
  return text.replace(/\{(\w+)\}/g, '{{$1}}');
}

/**
 * Adds English texts that are not in en.json (built from the contract's catalogues by the code that shows them, so the
 * landing page's first load carries neither), now or once i18next is initialised.
 */
export function addEnglishTexts(texts: Record<string, unknown>): void {
  const add = () => i18n.addResourceBundle('en', 'translation', texts, true, false);
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}

let appTexts: Promise<void> | null = null;

/** The app's English texts beyond the landing page's; the app awaits them before it renders (they are the fallback). */
export function loadAppTexts(): Promise<void> {
  appTexts ??= import('@/locales/en-app.json').then(({ default: texts }) => addEnglishTexts(texts));
  return appTexts;
}

/** Initialises i18next with the stored language; resolves once its texts are available. */
export async function initI18n(): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  const language = getStoredLanguage();
  await i18n.use(initReactI18next).init({
    // English's server error texts are added with the code that shows them (lib/server-error-text.ts).
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18n.on('languageChanged', applyDocumentLanguage);
  applyDocumentLanguage(DEFAULT_LANGUAGE);
  if (language !== DEFAULT_LANGUAGE) {
    try {
      await changeLanguage(language);
    } catch (error) {
      console.error('Failed to load the stored language, using English:', error);
    }
  }
  return i18n;
}

export { i18n };
