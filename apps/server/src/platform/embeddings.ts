import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Turns passages and queries into vectors through an OpenAI-compatible `/embeddings` endpoint. */
export interface Embedder {
  model: string;
  embed(texts: string[]): Promise<number[][]>;
}

export class EmbeddingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddingsError';
  }
}

export interface EmbedderOptions {
  /** The API base, as for OpenAI clients: `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  batchSize?: number;
  timeoutMs?: number;
}

const MAX_INPUT_CHARS = 8000;

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
}

/** An embedder speaking the OpenAI wire format (`POST {base}/embeddings`, Bearer key when given). */
export function createOpenAiEmbedder(options: EmbedderOptions): Embedder {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const batchSize = options.batchSize ?? 64;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function embedBatch(input: string[]): Promise<number[][]> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input: input.map((text) => text.slice(0, MAX_INPUT_CHARS)) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      throw new EmbeddingsError(`The embeddings service answered ${response.status} ${response.statusText}`);
    }
    const body = (await response.json()) as EmbeddingsResponse;
    const vectors: number[][] = new Array(input.length);
    for (const [position, item] of (body.data ?? []).entries()) {
      const index = item.index ?? position;
      const embedding = item.embedding;
      if (!Array.isArray(embedding) || !embedding.every((value) => typeof value === 'number')) {
        throw new EmbeddingsError('The embeddings service returned something that is not a vector');
      }
      vectors[index] = embedding;
    }
    if (vectors.length !== input.length || vectors.some((vector) => !vector)) {
      throw new EmbeddingsError('The embeddings service did not return one vector per input');
    }
    return vectors;
  }

  return {
    model: options.model,
    async embed(texts) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + batchSize))));
      }
      return vectors;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when EMBEDDINGS_BASE_URL/MODEL are configured and the database has pgvector; search is then hybrid. */
    embeddings: Embedder | null;
  }
}

export const embeddingsPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const { EMBEDDINGS_BASE_URL: baseUrl, EMBEDDINGS_MODEL: model, EMBEDDINGS_API_KEY: apiKey } = options.config;
    let embedder: Embedder | null = null;
    if (baseUrl && model) {
      if (app.database.hasVector) {
        // The vector table comes from migration 0009, which creates it wherever pgvector is enabled.
        embedder = createOpenAiEmbedder({ baseUrl, model, ...(apiKey ? { apiKey } : {}) });
      } else {
        app.log.warn('EMBEDDINGS_BASE_URL is set but the database has no pgvector: search stays lexical');
      }
    }
    app.decorate('embeddings', embedder);
  },
  { name: 'embeddings', dependencies: ['database'] },
);
