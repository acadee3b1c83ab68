import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { AssistantModelInfo } from '@lumen/contract';
import type { Config } from '../../../config.ts';
import { BUILTIN_MODEL_ID, BUILTIN_MODEL_LABEL, BuiltinLanguageModel } from './builtin/builtin-language-model.ts';

export type ModelConfig = Pick<Config, 'AI_PROVIDER' | 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY'>;

/** The language model AI_PROVIDER names; every one runs through the same agent loop. */
export function createLanguageModel(config: ModelConfig): LanguageModelV3 {
  const modelId = config.AI_MODEL ?? '';
  switch (config.AI_PROVIDER) {
    case 'builtin':
      return new BuiltinLanguageModel();
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.AI_BASE_URL ?? '',
        apiKey: config.AI_API_KEY,
      }).chatModel(modelId);
    case 'openai':
      return createOpenAI({
        apiKey: config.AI_API_KEY,
        ...(config.AI_BASE_URL ? { baseURL: config.AI_BASE_URL } : {}),
      }).chat(modelId);
    case 'anthropic':
      return createAnthropic({
        apiKey: config.AI_API_KEY,
        ...(config.AI_BASE_URL ? { baseURL: config.AI_BASE_URL } : {}),
      }).languageModel(modelId);
  }
}

const PROVIDER_NAMES: Record<ModelConfig['AI_PROVIDER'], string> = {
  builtin: 'builtin',
  'openai-compatible': 'OpenAI-compatible',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
};

/** Which model answers, for the settings popover. */
export function describeModel(config: ModelConfig): AssistantModelInfo {
  if (config.AI_PROVIDER === 'builtin') {
    return { provider: 'builtin', model: BUILTIN_MODEL_ID, label: BUILTIN_MODEL_LABEL };
  }
  const model = config.AI_MODEL ?? '';
  return { provider: config.AI_PROVIDER, model, label: `${model} (${PROVIDER_NAMES[config.AI_PROVIDER]})` };
}
