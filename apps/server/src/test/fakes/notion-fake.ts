import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type {
  BlockObjectResponse,
  CodeBlockObjectResponse,
  GetSelfResponse,
  ListBlockChildrenResponse,
  OauthRevokeResponse,
  OauthTokenResponse,
  PageObjectResponse,
  RichTextItemResponse,
  SearchResponse,
} from '@notionhq/client';
import { closeServer, listenOnLoopback, readBody } from './http-fake-server.ts';

/**
 * A local Notion written from Notion's API reference (Notion-Version 2022-06-28): the public-integration OAuth flow
 * (`/v1/oauth/authorize`, `/v1/oauth/token` with HTTP Basic client credentials and a JSON body, rotating refresh
 * tokens, `/v1/oauth/revoke`), `POST /v1/search`, `GET /v1/pages/{id}`, `GET /v1/blocks/{id}/children` and
 * `GET /v1/users/me`, with Notion's error objects (`{object:'error', status, code, message}`). Every body is typed with
 * the SDK's own types, so a wrong shape fails to compile; the SDK's types follow newer versions, so a few fields a
 * 2022-06-28 answer lacks (`is_locked`, a paragraph's `icon`, ...) are present too, which clients ignore.
 *
 * The workspace holds pages (under the workspace, a page or a database) and databases; a page or database is
 * "shared with the integration" directly or through an ancestor, and only shared ones exist for the API (others are
 * 404 object_not_found and absent from search). Search results are ordered by last_edited_time (ties by id) and a
 * `start_cursor` is the id of the next result in the live ordering; one that no longer matches is a 400. The fake's
 * assumption: trashed pages stay in search results with `archived`/`in_trash` true (until `removePage`).
 * Timestamps come from a fake clock that moves one minute per change, as Notion's are rounded to the minute.
 */

export interface NotionFakeOptions {
  clientId?: string;
  clientSecret?: string;
  workspace?: { id?: string; name?: string };
  owner?: { id?: string; name?: string; email?: string };
  /** Redirect URIs registered for the integration; any absolute URL when absent. */
  redirectUris?: string[];
  /** The consent page answers `error=access_denied` instead of a code. */
  isConsentDenied?: boolean;
}

type CodeLanguage = CodeBlockObjectResponse['code']['language'];

/** Content blocks as a test writes them; the fake gives them ids, timestamps and Notion's shapes. */
export type NotionFakeBlock =
  | {
      type:
        | 'paragraph'
        | 'heading_1'
        | 'heading_2'
        | 'heading_3'
        | 'bulleted_list_item'
        | 'numbered_list_item'
        | 'toggle'
        | 'quote';
      text: string;
      children?: NotionFakeBlock[];
    }
  | { type: 'to_do'; text: string; checked?: boolean; children?: NotionFakeBlock[] }
  | { type: 'callout'; text: string; emoji?: string; children?: NotionFakeBlock[] }
  | { type: 'code'; text: string; language?: CodeLanguage }
  | { type: 'equation'; expression: string }
  | { type: 'divider' }
  | { type: 'bookmark'; url: string }
  | { type: 'table'; rows: string[][]; hasColumnHeader?: boolean };

/** A database row's property value as a test writes it. */
export type NotionFakeProperty =
  | { type: 'title' | 'rich_text'; text: string }
  | { type: 'number'; number: number | null }
  | { type: 'select' | 'status'; name: string | null }
  | { type: 'multi_select'; names: string[] }
  | { type: 'date'; start: string; end?: string }
  | { type: 'checkbox'; checked: boolean }
  | { type: 'people'; names: string[] }
  | { type: 'url' | 'email' | 'phone_number'; value: string | null };

export type NotionFakeParent = { pageId: string } | { databaseId: string } | 'workspace';

export interface NotionFakePageInput {
  title: string;
  blocks?: NotionFakeBlock[];
  /** The workspace when absent. */
  parent?: NotionFakeParent;
  /** Shared with the integration directly; default true under the workspace, else inherited from the parent. */
  isShared?: boolean;
}

export interface NotionFakeRequest {
  method: string;
  path: string;
  notionVersion: string | null;
}

export interface NotionFake {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  workspace: { id: string; name: string };
  owner: { id: string; name: string; email: string };
  requests: NotionFakeRequest[];
  addPage(input: NotionFakePageInput): string;
  /** Adds `count` pages fast (a bench adds thousands). */
  addPages(count: number, make: (index: number) => NotionFakePageInput): string[];
  addDatabase(input: { title: string; parentPageId?: string; isShared?: boolean }): string;
  /** A row of the database: its properties (one of type title), and optional body blocks. */
  addDatabaseRow(
    databaseId: string,
    input: { properties: Record<string, NotionFakeProperty>; blocks?: NotionFakeBlock[] },
  ): string;
  /** Changes a page's title, body and/or properties; its last_edited_time moves. */
  editPage(
    pageId: string,
    change: { title?: string; blocks?: NotionFakeBlock[]; properties?: Record<string, NotionFakeProperty> },
  ): void;
  /** Moves the page (and the pages below it) to the trash. */
  archivePage(pageId: string): void;
  /** Deletes the page for good: it leaves search results. */
  removePage(pageId: string): void;
  /** Shares or unshares a page or database with the integration (what is below follows, unless shared itself). */
  setShared(id: string, isShared: boolean): void;
  /** The page as the API answers it (whether or not shared). */
  getPage(pageId: string): PageObjectResponse;
  /** The next `count` API calls (whose path starts with `pathPrefix`, when given) answer 429 rate_limited. */
  rateLimitNext(count: number, retryAfterSeconds: number, pathPrefix?: string): void;
  /** The next `count` API calls answer `status` (5xx) with Notion's error body. */
  failNext(count: number, status: number, retryAfterSeconds?: number | null): void;
  /** Every access token issued so far answers 401 unauthorized (their refresh tokens still work). */
  expireAccessTokens(): void;
  /** Every grant is revoked: access and refresh tokens stop working. */
  revokeAllTokens(): void;
  /** A valid access token without the consent dance. */
  issueAccessToken(): string;
  /** Caps results per search and block-children page below what the client asks (null: only the client's). */
  setPageLimit(limit: number | null): void;
  resetRequests(): void;
  close(): Promise<void>;
}

type ParentRef = { kind: 'workspace' } | { kind: 'page'; id: string } | { kind: 'database'; id: string };

/** A table's rows are blocks of their own in Notion. */
type StoredInput = NotionFakeBlock | { type: 'table_row'; cells: string[] };

interface StoredBlock {
  id: string;
  input: StoredInput;
  children: StoredBlock[];
  createdTime: string;
  lastEditedTime: string;
}

interface StoredPage {
  id: string;
  parent: ParentRef;
  properties: Record<string, NotionFakeProperty>;
  blocks: StoredBlock[];
  createdTime: string;
  lastEditedTime: string;
  isShared: boolean;
  isInTrash: boolean;
}

interface StoredDatabase {
  id: string;
  title: string;
  parent: ParentRef;
  isShared: boolean;
  createdTime: string;
}

interface Grant {
  botId: string;
  isRevoked: boolean;
  refreshToken: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string | null;
  isUsed: boolean;
}

class NotionFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** Notion's API error object. */
function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return new NotionFailure(status, { object: 'error', status, code, message, request_id: randomUUID() }, headers);
}

/** The token endpoint's OAuth-style error. */
function oauthError(status: number, error: string, description: string) {
  return new NotionFailure(status, { error, error_description: description, request_id: randomUUID() });
}

function richText(content: string): RichTextItemResponse[] {
  if (!content) return [];
  return [
    {
      type: 'text',
      text: { content, link: null },
      annotations: {
        bold: false,
        italic: false,
        strikethrough: false,
        underline: false,
        code: false,
        color: 'default',
      },
      plain_text: content,
      href: null,
    },
  ];
}

function titleOf(properties: Record<string, NotionFakeProperty>): string {
  for (const property of Object.values(properties)) if (property.type === 'title') return property.text;
  return '';
}

function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

function readJson(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw apiError(400, 'invalid_json', 'Error parsing JSON body.');
}

function readPageSize(value: unknown, cap: number | null): number {
  if (value === undefined) return Math.min(100, cap ?? 100);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
    throw apiError(400, 'validation_error', 'body failed validation: body.page_size should be ≤ `100`.');
  }
  return Math.min(value, cap ?? value);
}

export async function startNotionFake(options: NotionFakeOptions = {}): Promise<NotionFake> {
  const clientId = options.clientId ?? randomUUID();
  const clientSecret = options.clientSecret ?? `secret_${randomBytes(24).toString('base64url')}`;
  const workspace = { id: options.workspace?.id ?? randomUUID(), name: options.workspace?.name ?? 'Acme' };
  const owner = {
    id: options.owner?.id ?? randomUUID(),
    name: options.owner?.name ?? 'Ada Lovelace',
    email: options.owner?.email ?? 'ada@example.com',
  };
  const requests: NotionFakeRequest[] = [];
  const pages = new Map<string, StoredPage>();
  const databases = new Map<string, StoredDatabase>();
  /** Every content block by id, with the page it belongs to. */
  const blocksById = new Map<string, { block: StoredBlock; pageId: string }>();
  const codes = new Map<string, PendingCode>();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; isExpired: boolean }>();
  const refreshTokens = new Map<string, Grant>();
  const userIdsByName = new Map<string, string>();
  let clock = Date.parse('2024-01-01T00:00:00.000Z');
  let pageLimit: number | null = null;
  let rateLimit: { remaining: number; retryAfterSeconds: number; pathPrefix: string | null } | null = null;
  let failure: { remaining: number; status: number; retryAfterSeconds: number | null } | null = null;
  let baseUrl = '';

  /** The fake clock: one minute later per change, in Notion's minute-rounded form. */
  function tick(): string {
    clock += 60_000;
    return new Date(clock).toISOString();
  }

  function storeBlocks(inputs: readonly NotionFakeBlock[], pageId: string, time: string): StoredBlock[] {
    return inputs.map((input) => {
      let children: StoredBlock[] = [];
      if (input.type === 'table') {
        children = input.rows.map((cells) => ({
          id: randomUUID(),
          input: { type: 'table_row', cells },
          children: [],
          createdTime: time,
          lastEditedTime: time,
        }));
      } else if ('children' in input && input.children) {
        children = storeBlocks(input.children, pageId, time);
      }
      const block: StoredBlock = { id: randomUUID(), input, children, createdTime: time, lastEditedTime: time };
      blocksById.set(block.id, { block, pageId });
      for (const child of children) blocksById.set(child.id, { block: child, pageId });
      return block;
    });
  }

  function forgetBlocks(blocks: readonly StoredBlock[]): void {
    for (const block of blocks) {
      blocksById.delete(block.id);
      forgetBlocks(block.children);
    }
  }

  function toParentRef(parent: NotionFakeParent | undefined): ParentRef {
    if (!parent || parent === 'workspace') return { kind: 'workspace' };
    if ('pageId' in parent) {
      if (!pages.has(parent.pageId)) throw new Error(`No page ${parent.pageId}`);
      return { kind: 'page', id: parent.pageId };
    }
    if (!databases.has(parent.databaseId)) throw new Error(`No database ${parent.databaseId}`);
    return { kind: 'database', id: parent.databaseId };
  }

  function createPage(parent: ParentRef, properties: Record<string, NotionFakeProperty>, input: NotionFakePageInput) {
    const time = tick();
    const id = randomUUID();
    pages.set(id, {
      id,
      parent,
      properties,
      blocks: storeBlocks(input.blocks ?? [], id, time),
      createdTime: time,
      lastEditedTime: time,
      isShared: input.isShared ?? parent.kind === 'workspace',
      isInTrash: false,
    });
    return id;
  }

  function requirePage(pageId: string): StoredPage {
    const page = pages.get(pageId);
    if (!page) throw new Error(`No page ${pageId}`);
    return page;
  }

  /** Shared with the integration itself or through an ancestor page or database. */
  function isVisible(parent: ParentRef, isShared: boolean): boolean {
    if (isShared) return true;
    if (parent.kind === 'page') {
      const page = pages.get(parent.id);
      return page ? isVisible(page.parent, page.isShared) : false;
    }
    if (parent.kind === 'database') {
      const database = databases.get(parent.id);
      return database ? isVisible(database.parent, database.isShared) : false;
    }
    return false;
  }

  function isPageVisible(page: StoredPage): boolean {
    return isVisible(page.parent, page.isShared);
  }

  function userIdFor(name: string): string {
    let id = userIdsByName.get(name);
    if (!id) {
      id = name === owner.name ? owner.id : randomUUID();
      userIdsByName.set(name, id);
    }
    return id;
  }

  function toParentResponse(parent: ParentRef): PageObjectResponse['parent'] {
    if (parent.kind === 'page') return { type: 'page_id', page_id: parent.id };
    if (parent.kind === 'database') return { type: 'database_id', database_id: parent.id };
    return { type: 'workspace', workspace: true };
  }

  function toPropertyResponse(name: string, property: NotionFakeProperty): PageObjectResponse['properties'][string] {
    const id = property.type === 'title' ? 'title' : encodeURIComponent(name.slice(0, 4));
    switch (property.type) {
      case 'title':
        return { id, type: 'title', title: richText(property.text) };
      case 'rich_text':
        return { id, type: 'rich_text', rich_text: richText(property.text) };
      case 'number':
        return { id, type: 'number', number: property.number };
      case 'select':
        return { id, type: 'select', select: property.name ? { id: name, name: property.name, color: 'blue' } : null };
      case 'status':
        return { id, type: 'status', status: property.name ? { id: name, name: property.name, color: 'green' } : null };
      case 'multi_select':
        return {
          id,
          type: 'multi_select',
          multi_select: property.names.map((option) => ({ id: option, name: option, color: 'default' })),
        };
      case 'date':
        return { id, type: 'date', date: { start: property.start, end: property.end ?? null, time_zone: null } };
      case 'checkbox':
        return { id, type: 'checkbox', checkbox: property.checked };
      case 'people':
        return {
          id,
          type: 'people',
          people: property.names.map((person) => ({
            object: 'user',
            id: userIdFor(person),
            name: person,
            avatar_url: null,
            type: 'person',
            person: {},
          })),
        };
      case 'url':
        return { id, type: 'url', url: property.value };
      case 'email':
        return { id, type: 'email', email: property.value };
      case 'phone_number':
        return { id, type: 'phone_number', phone_number: property.value };
    }
  }

  function toPageResponse(page: StoredPage): PageObjectResponse {
    const properties: PageObjectResponse['properties'] = {};
    for (const [name, property] of Object.entries(page.properties)) {
      properties[name] = toPropertyResponse(name, property);
    }
    const user = { object: 'user' as const, id: owner.id };
    return {
      object: 'page',
      id: page.id,
      created_time: page.createdTime,
      last_edited_time: page.lastEditedTime,
      in_trash: page.isInTrash,
      archived: page.isInTrash,
      is_archived: page.isInTrash,
      is_locked: false,
      url: `${baseUrl}/${slugOf(titleOf(page.properties))}-${page.id.replace(/-/g, '')}`,
      public_url: null,
      parent: toParentResponse(page.parent),
      properties,
      icon: null,
      cover: null,
      created_by: user,
      last_edited_by: user,
    };
  }

  function toBlockResponse(block: StoredBlock, parent: BlockObjectResponse['parent']): BlockObjectResponse {
    const common = {
      object: 'block' as const,
      id: block.id,
      parent,
      created_time: block.createdTime,
      created_by: { object: 'user' as const, id: owner.id },
      last_edited_time: block.lastEditedTime,
      last_edited_by: { object: 'user' as const, id: owner.id },
      has_children: block.children.length > 0,
      in_trash: false,
      archived: false,
    };
    const { input } = block;
    const color = 'default' as const;
    switch (input.type) {
      case 'paragraph':
        return { ...common, type: 'paragraph', paragraph: { rich_text: richText(input.text), color, icon: null } };
      case 'heading_1':
        return {
          ...common,
          type: 'heading_1',
          heading_1: { rich_text: richText(input.text), color, is_toggleable: false },
        };
      case 'heading_2':
        return {
          ...common,
          type: 'heading_2',
          heading_2: { rich_text: richText(input.text), color, is_toggleable: false },
        };
      case 'heading_3':
        return {
          ...common,
          type: 'heading_3',
          heading_3: { rich_text: richText(input.text), color, is_toggleable: false },
        };
      case 'bulleted_list_item':
        return {
          ...common,
          type: 'bulleted_list_item',
          bulleted_list_item: { rich_text: richText(input.text), color },
        };
      case 'numbered_list_item':
        return {
          ...common,
          type: 'numbered_list_item',
          numbered_list_item: { rich_text: richText(input.text), color },
        };
      case 'toggle':
        return { ...common, type: 'toggle', toggle: { rich_text: richText(input.text), color } };
      case 'quote':
        return { ...common, type: 'quote', quote: { rich_text: richText(input.text), color } };
      case 'to_do':
        return {
          ...common,
          type: 'to_do',
          to_do: { rich_text: richText(input.text), color, checked: input.checked ?? false },
        };
      case 'callout':
        return {
          ...common,
          type: 'callout',
          callout: {
            rich_text: richText(input.text),
            color,
            icon: input.emoji ? { type: 'emoji', emoji: input.emoji } : null,
          },
        };
      case 'code':
        return {
          ...common,
          type: 'code',
          code: { rich_text: richText(input.text), caption: [], language: input.language ?? 'plain text' },
        };
      case 'equation':
        return { ...common, type: 'equation', equation: { expression: input.expression } };
      case 'divider':
        return { ...common, type: 'divider', divider: {} };
      case 'bookmark':
        return { ...common, type: 'bookmark', bookmark: { url: input.url, caption: [] } };
      case 'table':
        return {
          ...common,
          type: 'table',
          table: {
            has_column_header: input.hasColumnHeader ?? false,
            has_row_header: false,
            table_width: Math.max(1, ...input.rows.map((row) => row.length)),
          },
        };
      case 'table_row':
        return { ...common, type: 'table_row', table_row: { cells: input.cells.map(richText) } };
    }
  }

  /** A page's children: its content blocks, then its child pages and databases (as Notion shows them). */
  function pageChildren(page: StoredPage): BlockObjectResponse[] {
    const parent = { type: 'page_id' as const, page_id: page.id };
    const children = page.blocks.map((block) => toBlockResponse(block, parent));
    for (const child of pages.values()) {
      if (child.parent.kind !== 'page' || child.parent.id !== page.id || child.isInTrash) continue;
      children.push({
        object: 'block',
        id: child.id,
        parent,
        created_time: child.createdTime,
        created_by: { object: 'user', id: owner.id },
        last_edited_time: child.lastEditedTime,
        last_edited_by: { object: 'user', id: owner.id },
        has_children: child.blocks.length > 0,
        in_trash: false,
        archived: false,
        type: 'child_page',
        child_page: { title: titleOf(child.properties) },
      });
    }
    for (const database of databases.values()) {
      if (database.parent.kind !== 'page' || database.parent.id !== page.id) continue;
      children.push({
        object: 'block',
        id: database.id,
        parent,
        created_time: database.createdTime,
        created_by: { object: 'user', id: owner.id },
        last_edited_time: database.createdTime,
        last_edited_by: { object: 'user', id: owner.id },
        has_children: false,
        in_trash: false,
        archived: false,
        type: 'child_database',
        child_database: { title: database.title },
      });
    }
    return children;
  }

  function listChildren(blockId: string): BlockObjectResponse[] {
    const page = pages.get(blockId);
    if (page && isPageVisible(page)) return pageChildren(page);
    const entry = blocksById.get(blockId);
    const owningPage = entry ? pages.get(entry.pageId) : undefined;
    if (entry && owningPage && isPageVisible(owningPage)) {
      const parent = { type: 'block_id' as const, block_id: entry.block.id };
      return entry.block.children.map((child) => toBlockResponse(child, parent));
    }
    const database = databases.get(blockId);
    if (database && isVisible(database.parent, database.isShared)) return [];
    throw apiError(
      404,
      'object_not_found',
      `Could not find block with ID: ${blockId}. Make sure the relevant pages and databases are shared with your integration.`,
    );
  }

  /** One page of a live ordering: `start_cursor` is the id of the first result to answer. */
  function pageOf<T extends { id: string }>(all: T[], startCursor: unknown, size: number) {
    let offset = 0;
    if (startCursor !== undefined && startCursor !== null) {
      offset = typeof startCursor === 'string' ? all.findIndex((entry) => entry.id === startCursor) : -1;
      if (offset < 0) throw apiError(400, 'validation_error', `start_cursor provided is invalid: ${startCursor}`);
    }
    const results = all.slice(offset, offset + size);
    const next = all[offset + size];
    return { results, next_cursor: next ? next.id : null, has_more: next !== undefined };
  }

  function search(body: Record<string, unknown>): SearchResponse {
    const filter = body.filter as { property?: unknown; value?: unknown } | undefined;
    if (filter !== undefined && (filter.property !== 'object' || filter.value !== 'page')) {
      // The fake holds no database objects for search; the driver asks for pages only.
      throw apiError(400, 'validation_error', 'The fake answers searches filtered to object = page only.');
    }
    const sort = body.sort as { timestamp?: unknown; direction?: unknown } | undefined;
    if (sort !== undefined && sort.timestamp !== 'last_edited_time') {
      throw apiError(
        400,
        'validation_error',
        'body failed validation: body.sort.timestamp should be `last_edited_time`.',
      );
    }
    const isAscending = sort?.direction === 'ascending';
    const query = typeof body.query === 'string' ? body.query.toLowerCase() : '';
    const size = readPageSize(body.page_size, pageLimit);
    const visible = [...pages.values()]
      .filter((page) => isPageVisible(page) && titleOf(page.properties).toLowerCase().includes(query))
      .sort((a, b) => {
        const byTime = a.lastEditedTime.localeCompare(b.lastEditedTime);
        if (byTime !== 0) return isAscending ? byTime : -byTime;
        return a.id.localeCompare(b.id);
      });
    const slice = pageOf(visible, body.start_cursor, size);
    return {
      type: 'page_or_data_source',
      page_or_data_source: {},
      object: 'list',
      next_cursor: slice.next_cursor,
      has_more: slice.has_more,
      results: slice.results.map(toPageResponse),
    };
  }

  function authenticate(request: IncomingMessage): Grant {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const state = accessTokens.get(token);
    if (!state || state.isExpired || state.grant.isRevoked)
      throw apiError(401, 'unauthorized', 'API token is invalid.');
    return state.grant;
  }

  function authenticateClient(request: IncomingMessage): void {
    const header = request.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (decoded !== `${clientId}:${clientSecret}`) throw oauthError(401, 'invalid_client', 'Invalid client.');
  }

  function issueGrant(): { grant: Grant; accessToken: string } {
    const grant: Grant = {
      botId: randomUUID(),
      isRevoked: false,
      refreshToken: `nrt_${randomBytes(24).toString('hex')}`,
    };
    grants.push(grant);
    refreshTokens.set(grant.refreshToken, grant);
    const accessToken = `ntn_${randomBytes(24).toString('hex')}`;
    accessTokens.set(accessToken, { grant, isExpired: false });
    return { grant, accessToken };
  }

  function tokenAnswer(grant: Grant, accessToken: string): OauthTokenResponse {
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: grant.refreshToken,
      bot_id: grant.botId,
      workspace_icon: null,
      workspace_name: workspace.name,
      workspace_id: workspace.id,
      owner: {
        type: 'user',
        user: {
          object: 'user',
          id: owner.id,
          name: owner.name,
          avatar_url: null,
          type: 'person',
          person: { email: owner.email },
        },
      },
      duplicated_template_id: null,
      request_id: randomUUID(),
    };
  }

  function handleToken(request: IncomingMessage, body: Buffer): OauthTokenResponse {
    authenticateClient(request);
    const params = readJson(body);
    if (params.grant_type === 'authorization_code') {
      const code = typeof params.code === 'string' ? codes.get(params.code) : undefined;
      if (!code || code.isUsed || code.clientId !== clientId) {
        throw oauthError(400, 'invalid_grant', 'Invalid code.');
      }
      code.isUsed = true;
      const redirectUri = typeof params.redirect_uri === 'string' ? params.redirect_uri : null;
      if (code.redirectUri !== redirectUri) throw oauthError(400, 'invalid_grant', 'Invalid redirect_uri.');
      const { grant, accessToken } = issueGrant();
      return tokenAnswer(grant, accessToken);
    }
    if (params.grant_type === 'refresh_token') {
      const grant = typeof params.refresh_token === 'string' ? refreshTokens.get(params.refresh_token) : undefined;
      if (!grant || grant.isRevoked || grant.refreshToken !== params.refresh_token) {
        throw oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      // Rotation: the used refresh token stops working, a new one comes with the new access token.
      refreshTokens.delete(grant.refreshToken);
      grant.refreshToken = `nrt_${randomBytes(24).toString('hex')}`;
      refreshTokens.set(grant.refreshToken, grant);
      const accessToken = `ntn_${randomBytes(24).toString('hex')}`;
      accessTokens.set(accessToken, { grant, isExpired: false });
      return tokenAnswer(grant, accessToken);
    }
    throw oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type.');
  }

  function handleAuthorize(url: URL, response: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const isRegistered = options.redirectUris ? options.redirectUris.includes(redirectUri) : URL.canParse(redirectUri);
    if (url.searchParams.get('client_id') !== clientId || !isRegistered) {
      // An unverified redirect URI is never redirected to: the error stays on Notion's page.
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Notion</title><p>Missing or invalid client_id or redirect_uri.</p>');
      return;
    }
    const target = new URL(redirectUri);
    const state = url.searchParams.get('state');
    if (options.isConsentDenied || url.searchParams.get('response_type') !== 'code') {
      target.searchParams.set('error', options.isConsentDenied ? 'access_denied' : 'unsupported_response_type');
    } else {
      const code = randomUUID();
      codes.set(code, { clientId, redirectUri, isUsed: false });
      target.searchParams.set('code', code);
    }
    if (state !== null) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  function botUser(grant: Grant): GetSelfResponse {
    return {
      object: 'user',
      id: grant.botId,
      name: 'Lumen',
      avatar_url: null,
      type: 'bot',
      bot: {
        owner: {
          type: 'user',
          user: {
            object: 'user',
            id: owner.id,
            name: owner.name,
            avatar_url: null,
            type: 'person',
            person: { email: owner.email },
          },
        },
        workspace_id: workspace.id,
        workspace_name: workspace.name,
        workspace_limits: { max_file_upload_size_in_bytes: 5_368_709_120 },
      },
    };
  }

  function injectedFailure(path: string): NotionFailure | null {
    if (rateLimit && rateLimit.remaining > 0 && (!rateLimit.pathPrefix || path.startsWith(rateLimit.pathPrefix))) {
      rateLimit.remaining -= 1;
      const headers = { 'retry-after': String(rateLimit.retryAfterSeconds) };
      if (rateLimit.remaining === 0) rateLimit = null;
      return apiError(429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.', headers);
    }
    if (failure && failure.remaining > 0) {
      failure.remaining -= 1;
      const { status, retryAfterSeconds } = failure;
      if (failure.remaining === 0) failure = null;
      const headers: Record<string, string> =
        retryAfterSeconds === null ? {} : { 'retry-after': String(retryAfterSeconds) };
      const code =
        status === 503 ? 'service_unavailable' : status === 504 ? 'gateway_timeout' : 'internal_server_error';
      return apiError(status, code, 'Notion is unavailable, please try again later.', headers);
    }
    return null;
  }

  async function handleApi(request: IncomingMessage, url: URL, response: ServerResponse, body: Buffer) {
    const path = url.pathname;
    const method = request.method ?? 'GET';
    if (method === 'POST' && path === '/v1/oauth/token') {
      sendJson(response, 200, handleToken(request, body));
      return;
    }
    if (method === 'POST' && path === '/v1/oauth/revoke') {
      authenticateClient(request);
      const token = readJson(body).token;
      const grant =
        typeof token === 'string' ? (accessTokens.get(token)?.grant ?? refreshTokens.get(token)) : undefined;
      // The whole grant goes (its access and refresh tokens); an unknown token is quietly accepted (RFC 7009).
      if (grant) grant.isRevoked = true;
      const result: OauthRevokeResponse = { request_id: randomUUID() };
      sendJson(response, 200, result);
      return;
    }
    const injected = injectedFailure(path);
    if (injected) throw injected;
    const grant = authenticate(request);
    if (method === 'GET' && path === '/v1/users/me') {
      sendJson(response, 200, botUser(grant));
      return;
    }
    if (method === 'POST' && path === '/v1/search') {
      const result = search(readJson(body));
      // The SDK's types follow 2025-09-03 (`page_or_data_source`); 2022-06-28 names the list type `page_or_database`.
      sendJson(response, 200, {
        ...result,
        type: 'page_or_database',
        page_or_data_source: undefined,
        page_or_database: {},
      });
      return;
    }
    const pageMatch = /^\/v1\/pages\/([0-9a-f-]{32,36})$/.exec(path);
    if (method === 'GET' && pageMatch?.[1]) {
      const page = pages.get(pageMatch[1]);
      if (!page || !isPageVisible(page)) {
        throw apiError(
          404,
          'object_not_found',
          `Could not find page with ID: ${pageMatch[1]}. Make sure the relevant pages and databases are shared with your integration.`,
        );
      }
      const result: PageObjectResponse = toPageResponse(page);
      sendJson(response, 200, result);
      return;
    }
    const childrenMatch = /^\/v1\/blocks\/([0-9a-f-]{32,36})\/children$/.exec(path);
    if (method === 'GET' && childrenMatch?.[1]) {
      const pageSize = url.searchParams.get('page_size');
      const size = readPageSize(pageSize === null ? undefined : Number(pageSize), pageLimit);
      const slice = pageOf(listChildren(childrenMatch[1]), url.searchParams.get('start_cursor') ?? undefined, size);
      const result: ListBlockChildrenResponse = { type: 'block', block: {}, object: 'list', ...slice };
      sendJson(response, 200, result);
      return;
    }
    throw apiError(400, 'invalid_request_url', 'Invalid request URL.');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      const versionHeader = request.headers['notion-version'];
      const notionVersion = typeof versionHeader === 'string' ? versionHeader : null;
      requests.push({ method: request.method ?? 'GET', path: url.pathname, notionVersion });
      const body = await readBody(request);
      try {
        if (request.method === 'GET' && url.pathname === '/v1/oauth/authorize') {
          handleAuthorize(url, response);
          return;
        }
        if (!url.pathname.startsWith('/v1/')) {
          // A page's `url` on the same origin, as notion.so would show it.
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end('<!doctype html><title>Notion</title>');
          return;
        }
        if (notionVersion === null) {
          throw apiError(
            400,
            'missing_version',
            'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
          );
        }
        if (!/^\d{4}-\d{2}-\d{2}$/.test(notionVersion)) {
          throw apiError(400, 'validation_error', `Notion-Version header failed validation: ${notionVersion}`);
        }
        await handleApi(request, url, response, body);
      } catch (error) {
        if (error instanceof NotionFailure) {
          sendJson(response, error.status, error.body, error.headers);
          return;
        }
        sendJson(response, 500, {
          object: 'error',
          status: 500,
          code: 'internal_server_error',
          message: String(error),
        });
      }
    })();
  });
  baseUrl = await listenOnLoopback(server);

  function addPage(input: NotionFakePageInput): string {
    return createPage(toParentRef(input.parent), { title: { type: 'title', text: input.title } }, input);
  }

  function markTrash(pageId: string, time: string): void {
    const page = requirePage(pageId);
    page.isInTrash = true;
    page.lastEditedTime = time;
    for (const child of pages.values()) {
      if (child.parent.kind === 'page' && child.parent.id === pageId && !child.isInTrash) markTrash(child.id, time);
    }
  }

  return {
    baseUrl,
    clientId,
    clientSecret,
    workspace,
    owner,
    requests,
    addPage,
    addPages: (count, make) => Array.from({ length: count }, (_, index) => addPage(make(index))),
    addDatabase(input) {
      const id = randomUUID();
      const parent: ParentRef = input.parentPageId ? { kind: 'page', id: input.parentPageId } : { kind: 'workspace' };
      if (input.parentPageId) requirePage(input.parentPageId);
      databases.set(id, {
        id,
        title: input.title,
        parent,
        isShared: input.isShared ?? parent.kind === 'workspace',
        createdTime: tick(),
      });
      return id;
    },
    addDatabaseRow(databaseId, input) {
      if (!Object.values(input.properties).some((property) => property.type === 'title')) {
        throw new Error('A database row needs a title property');
      }
      return createPage(toParentRef({ databaseId }), input.properties, { title: '', blocks: input.blocks });
    },
    editPage(pageId, change) {
      const page = requirePage(pageId);
      const time = tick();
      if (change.properties) page.properties = { ...page.properties, ...change.properties };
      if (change.title !== undefined) {
        const [name] = Object.entries(page.properties).find(([, property]) => property.type === 'title') ?? [];
        page.properties[name ?? 'title'] = { type: 'title', text: change.title };
      }
      if (change.blocks) {
        forgetBlocks(page.blocks);
        page.blocks = storeBlocks(change.blocks, page.id, time);
      }
      page.lastEditedTime = time;
    },
    archivePage: (pageId) => markTrash(pageId, tick()),
    removePage(pageId) {
      const page = requirePage(pageId);
      forgetBlocks(page.blocks);
      pages.delete(pageId);
    },
    setShared(id, isShared) {
      const target = pages.get(id) ?? databases.get(id);
      if (!target) throw new Error(`No page or database ${id}`);
      target.isShared = isShared;
    },
    getPage: (pageId) => toPageResponse(requirePage(pageId)),
    rateLimitNext(count, retryAfterSeconds, pathPrefix) {
      rateLimit = count > 0 ? { remaining: count, retryAfterSeconds, pathPrefix: pathPrefix ?? null } : null;
    },
    failNext(count, status, retryAfterSeconds = null) {
      failure = count > 0 ? { remaining: count, status, retryAfterSeconds } : null;
    },
    expireAccessTokens() {
      for (const state of accessTokens.values()) state.isExpired = true;
    },
    revokeAllTokens() {
      for (const grant of grants) grant.isRevoked = true;
    },
    issueAccessToken: () => issueGrant().accessToken,
    setPageLimit(limit) {
      pageLimit = limit;
    },
    resetRequests() {
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}
