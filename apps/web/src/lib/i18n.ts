import { DEFAULT_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from '@lumen/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import { storage } from './storage';

export type Translation = typeof en;

/** English ships with the app (it is also the fallback); the other languages load on demand. */
const loadTranslation: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translation }>> = {
  es: () => import('@/locales/es.json'),
  fr: () => import('@/locales/fr.json'),
  de: () => import('@/locales/de.json'),
};

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
  await i18n.changeLanguage(language);
  storage.set(STORAGE_KEYS.language, language);
}

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}

/** Initialises i18next with the stored language; resolves once its texts are available. */
export async function initI18n(): Promise<typeof i18n> {
  if (i18n.isInitialized) return i18n;
  const language = getStoredLanguage();
  await i18n.use(initReactI18next).init({
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
