import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * The one place that decides what text the API accepts (ADR 0113). PostgreSQL cannot store a NUL character in text,
 * and a lone UTF-16 surrogate is not Unicode at all; both used to reach the database and come back as a 500. Every
 * string in every path, query and JSON body (keys included, the auth routes Better Auth serves too) is checked before
 * any route sees it, and a request carrying one gets a 400 naming the field. JSON is also refused past a nesting
 * depth before it is parsed: no route takes more than a handful of levels, and libraries that walk a parsed body
 * recursively (Better Auth, zod) overflow the stack on tens of thousands.
 */

/** Deeper than any body a route takes (a chat message with tool parts is under 15), far below a stack overflow. */
export const MAX_JSON_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** How deep the JSON text nests, counted without parsing; stops counting once past `limit`. */
export function measureJsonDepth(json: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let isInString = false;
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index);
    if (isInString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) isInString = false;
    } else if (code === 0x22) {
      isInString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * The path of the first string (value or key) in `value` that cannot be stored, as `where.a.0.b`, or null. Parsed JSON
 * is at most MAX_JSON_DEPTH deep, so the walk is bounded.
 */
export function findUnstorableText(value: unknown, where: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : where;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index], `${where}.${index}`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return `${where} (a field name)`;
    const found = findUnstorableText(item, `${where}.${key}`);
    if (found) return found;
  }
  return null;
}

/** The field as a person reads it: `body.name` is "name", `query.q` is "q", `path.userId` is "userId". */
function fieldName(path: string): string {
  const dot = path.indexOf('.');
  return dot === -1 ? 'The request body' : path.slice(dot + 1);
}

function findUnstorableInput(request: FastifyRequest): string | null {
  return (
    findUnstorableText(request.params, 'path') ??
    findUnstorableText(request.query, 'query') ??
    findUnstorableText(request.body, 'body')
  );
}

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // Fastify's own parser (prototype poisoning refused), behind the depth check.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      // A body shorter than the limit cannot nest deeper than it.
      if (text.length > MAX_JSON_DEPTH && measureJsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        done(AppError.of('JSON_TOO_DEEP'), undefined);
        return;
      }
      parseJson(request, text, done);
    });
    // Before validation, so every route's schema and handler (and Better Auth's) only ever meets storable text.
    app.addHook('preValidation', async (request) => {
      const found = findUnstorableInput(request);
      if (found) throw AppError.of('TEXT_NOT_ALLOWED', { field: fieldName(found) }, { path: found });
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
