import {
  type BlockObjectResponse,
  Client,
  type GetSelfResponse,
  isFullBlock,
  isFullPage,
  isHTTPResponseError,
  LogLevel,
  type OauthTokenParameters,
  type OauthTokenResponse,
  type PageObjectResponse,
  type RichTextItemResponse,
} from '@notionhq/client';
import type { ConnectorsConfig } from '../../../config.ts';
import {
  type AccountIdentity,
  ConnectorAuthError,
  ConnectorCursorResetError,
  type ConnectorDriver,
  ConnectorHttpError,
  type DriverOptions,
  type OAuthTokens,
  parseRetryAfter,
  type RemoteContent,
  type RemoteItem,
} from '../connector-driver.ts';

/**
 * The Notion driver, on the official `@notionhq/client` (its own retries off: a 429 must reach the sync engine with
 * its Retry-After). Notion-Version is pinned to 2022-06-28: everything read here (search, pages, block children,
 * users/me, OAuth) has the same shape there, and database rows keep their `database_id` parent.
 *
 * Notion's search reports neither deletions nor pages unshared from the integration, so every sync is a full listing
 * of the pages the integration can see (see `listChanges`); the engine's sweep at the end of a listing removes what
 * it no longer reported. A page is rendered as Markdown from its block tree (`fetchContent`).
 *
 * Who may read a page is not exposed by Notion's API, so `sharedWith` stays empty: a Notion document is visible only
 * to the person who connected (no `listAccessGroups`).
 */

const REAL_ORIGIN = 'https://api.notion.com';
const NOTION_VERSION = '2022-06-28';
/** Search and block-children pages: Notion's maximum. */
const PAGE_SIZE = 100;
/** Nesting levels of blocks read below the page, and blocks read per page at most (a runaway page stays bounded). */
const MAX_BLOCK_DEPTH = 10;
const MAX_BLOCKS_PER_PAGE = 10_000;
/** Page objects kept from the listing so `fetchContent` needs no extra call for the properties it renders. */
const MAX_REMEMBERED_PAGES = 1000;
/** Cursors: `<prefix>next:<search start_cursor>` inside a listing, `<prefix>done` once a listing has ended. */
const CURSOR_PREFIX = 'notion-search:v1:';
const DONE_CURSOR = `${CURSOR_PREFIX}done`;

const LIST_TYPES = new Set(['bulleted_list_item', 'numbered_list_item', 'to_do', 'toggle']);
/** Blocks whose children are separate documents (listed by the search on their own), never part of this page. */
const SEPARATE_DOCUMENT_TYPES = new Set(['child_page', 'child_database']);

interface BlockNode {
  block: BlockObjectResponse;
  children: BlockNode[];
}

function originFor(connectors: ConnectorsConfig): string {
  const override = connectors.baseUrls.notion;
  return override ? new URL(override).origin : REAL_ORIGIN;
}

/** The `start_cursor` a stored cursor continues from; null when a new listing starts (none yet, or one ended). */
function readListingCursor(cursor: string | null): string | null {
  if (!cursor?.startsWith(`${CURSOR_PREFIX}next:`)) return null;
  return cursor.slice(`${CURSOR_PREFIX}next:`.length) || null;
}

function plainText(richText: readonly RichTextItemResponse[]): string {
  return richText.map((part) => part.plain_text).join('');
}

/** The page's title: its one property of type `title` (a plain page's `title`, a database row's title column). */
function pageTitle(page: PageObjectResponse): string {
  for (const property of Object.values(page.properties)) {
    if (property.type === 'title') return plainText(property.title).trim() || 'Untitled';
  }
  return 'Untitled';
}

function isDatabaseRow(page: PageObjectResponse): boolean {
  return page.parent.type === 'database_id' || page.parent.type === 'data_source_id';
}

/** A property's value as one line of text; null for empty values and types without a plain-text value. */
function propertyText(property: PageObjectResponse['properties'][string]): string | null {
  switch (property.type) {
    case 'title':
      return plainText(property.title);
    case 'rich_text':
      return plainText(property.rich_text);
    case 'number':
      return property.number === null ? null : String(property.number);
    case 'select':
      return property.select?.name ?? null;
    case 'status':
      return property.status?.name ?? null;
    case 'multi_select':
      return property.multi_select.map((option) => option.name).join(', ');
    case 'date':
      if (!property.date) return null;
      return property.date.end ? `${property.date.start} → ${property.date.end}` : property.date.start;
    case 'checkbox':
      return property.checkbox ? 'Yes' : 'No';
    case 'people':
      return property.people
        .map((person) => ('name' in person && typeof person.name === 'string' ? person.name : ''))
        .filter(Boolean)
        .join(', ');
    case 'url':
      return property.url;
    case 'email':
      return property.email;
    case 'phone_number':
      return property.phone_number;
    default:
      return null;
  }
}

/** `**Name**: value` lines for a database row's properties, in the order Notion gives them. */
function renderProperties(page: PageObjectResponse): string {
  const lines: string[] = [];
  for (const [name, property] of Object.entries(page.properties)) {
    const value = propertyText(property)
      ?.replace(/\s*\n\s*/g, ' ')
      .trim();
    if (value) lines.push(`**${name}**: ${value}`);
  }
  return lines.join('\n');
}

function withIndent(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `${indent}${line}` : line))
    .join('\n');
}

function tableCell(cell: readonly RichTextItemResponse[]): string {
  return plainText(cell)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

/** A table block's rows as a Markdown table; Markdown needs a header row, so an empty one stands in when it has none. */
function renderTable(width: number, hasColumnHeader: boolean, rows: BlockNode[]): string {
  const cells = rows.flatMap(({ block }) => (block.type === 'table_row' ? [block.table_row.cells.map(tableCell)] : []));
  const columns = Math.max(width, ...cells.map((row) => row.length), 1);
  const toLine = (row: string[]) =>
    `| ${Array.from({ length: columns }, (_, index) => row[index] ?? '').join(' | ')} |`;
  const header = hasColumnHeader ? (cells.shift() ?? []) : [];
  return [toLine(header), `| ${Array.from({ length: columns }, () => '---').join(' | ')} |`, ...cells.map(toLine)].join(
    '\n',
  );
}

/** One block's own Markdown (its children aside); null when the block has no text of its own. */
function renderBlockLine(block: BlockObjectResponse, listNumber: number): string | null {
  switch (block.type) {
    case 'paragraph':
      return plainText(block.paragraph.rich_text) || null;
    case 'heading_1':
      return `# ${plainText(block.heading_1.rich_text)}`;
    case 'heading_2':
      return `## ${plainText(block.heading_2.rich_text)}`;
    case 'heading_3':
      return `### ${plainText(block.heading_3.rich_text)}`;
    case 'bulleted_list_item':
      return `- ${plainText(block.bulleted_list_item.rich_text)}`;
    case 'numbered_list_item':
      return `${listNumber}. ${plainText(block.numbered_list_item.rich_text)}`;
    case 'to_do':
      return `- [${block.to_do.checked ? 'x' : ' '}] ${plainText(block.to_do.rich_text)}`;
    case 'toggle':
      return `- ${plainText(block.toggle.rich_text)}`;
    case 'quote':
      return withIndent(plainText(block.quote.rich_text), '> ');
    case 'callout': {
      const icon = block.callout.icon?.type === 'emoji' ? `${block.callout.icon.emoji} ` : '';
      return withIndent(`${icon}${plainText(block.callout.rich_text)}`, '> ');
    }
    case 'code': {
      const language = block.code.language === 'plain text' ? '' : block.code.language;
      return `\`\`\`${language}\n${plainText(block.code.rich_text)}\n\`\`\``;
    }
    case 'equation':
      return block.equation.expression;
    case 'divider':
      return '---';
    case 'child_page':
      return block.child_page.title || null;
    case 'child_database':
      return block.child_database.title || null;
    case 'bookmark':
      return block.bookmark.url || null;
    case 'embed':
      return block.embed.url || null;
    case 'link_preview':
      return block.link_preview.url || null;
    case 'image':
      return plainText(block.image.caption) || null;
    case 'video':
      return plainText(block.video.caption) || null;
    case 'pdf':
      return plainText(block.pdf.caption) || null;
    case 'file':
      return plainText(block.file.caption) || block.file.name || null;
    default:
      return null;
  }
}

/**
 * Sibling blocks as Markdown: consecutive list items one per line, other blocks a paragraph each, children indented
 * under their block. Layout-only containers (columns, synced blocks) contribute their children at their own level.
 */
function renderBlocks(nodes: BlockNode[], indent = ''): string {
  const parts: Array<{ text: string; isListItem: boolean }> = [];
  let listNumber = 0;
  for (const { block, children } of nodes) {
    listNumber = block.type === 'numbered_list_item' ? listNumber + 1 : 0;
    if (block.type === 'table') {
      parts.push({
        text: withIndent(renderTable(block.table.table_width, block.table.has_column_header, children), indent),
        isListItem: false,
      });
      continue;
    }
    if (block.type === 'column_list' || block.type === 'column' || block.type === 'synced_block') {
      const inner = renderBlocks(children, indent);
      if (inner) parts.push({ text: inner, isListItem: false });
      continue;
    }
    const line = renderBlockLine(block, listNumber);
    const nested = children.length > 0 ? renderBlocks(children, `${indent}  `) : '';
    const text = [line === null ? '' : withIndent(line, indent), nested].filter(Boolean).join('\n');
    if (text) parts.push({ text, isListItem: LIST_TYPES.has(block.type) });
  }
  return parts
    .map((part, index) => {
      if (index === 0) return part.text;
      const isTight = part.isListItem && parts[index - 1]?.isListItem === true;
      return `${isTight ? '\n' : '\n\n'}${part.text}`;
    })
    .join('');
}

/** The whole document: `# title`, a database row's properties, then the body. */
function renderPage(page: PageObjectResponse, blocks: BlockNode[]): string {
  const sections = [`# ${pageTitle(page)}`];
  if (isDatabaseRow(page)) {
    const properties = renderProperties(page);
    if (properties) sections.push(properties);
  }
  const body = renderBlocks(blocks);
  if (body) sections.push(body);
  return `${sections.join('\n\n')}\n`;
}

interface PersonUser {
  id: string;
  name: string | null;
  person: { email?: string };
}

/** A full person user (users/me's owner may be a partial user, `{object, id}` only). */
function isPersonUser(user: { id: string }): user is PersonUser {
  return 'person' in user && 'name' in user;
}

function headerOf(headers: unknown, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  if (headers && typeof headers === 'object') {
    for (const [key, value] of Object.entries(headers)) {
      if (key.toLowerCase() === name && typeof value === 'string') return value;
    }
  }
  return null;
}

/** The OAuth error code of a token-endpoint answer (`{error}`) or of an API error body (`{code}`). */
function oauthErrorOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const { error, code } = parsed as { error?: unknown; code?: unknown };
    if (typeof error === 'string') return error;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/**
 * Any failure of an SDK call as the driver's errors: 401 is a refused token, everything else an HTTP error with the
 * Retry-After of a 429 or 5xx; no answer at all (network, timeout) is a retryable error without status.
 */
function toConnectorError(error: unknown, call: string): Error {
  if (
    error instanceof ConnectorAuthError ||
    error instanceof ConnectorHttpError ||
    error instanceof ConnectorCursorResetError
  ) {
    return error;
  }
  if (isHTTPResponseError(error)) {
    if (error.status === 401) return new ConnectorAuthError(`Notion refused the access token (${call}): ${error.code}`);
    const isRetryable = error.status === 429 || error.status >= 500;
    return new ConnectorHttpError(`Notion ${call} failed with ${error.status}: ${error.code}: ${error.message}`, {
      status: error.status,
      retryAfterSeconds: isRetryable ? parseRetryAfter(headerOf(error.headers, 'retry-after')) : null,
    });
  }
  const reason = error instanceof Error ? error.message : 'unknown error';
  return new ConnectorHttpError(`Notion ${call} did not answer: ${reason}`, { status: null });
}

/**
 * A failed call of the OAuth endpoints, which authenticate our client (HTTP Basic): their 401 is `invalid_client`,
 * our credentials, which connecting again would not fix, so it stays an HTTP error.
 */
function toClientCredentialsError(error: unknown, call: string): Error {
  if (isHTTPResponseError(error) && error.status === 401) {
    return new ConnectorHttpError(`Notion ${call} failed with 401: ${oauthErrorOf(error.body) ?? 'unauthorized'}`, {
      status: 401,
    });
  }
  return toConnectorError(error, call);
}

/**
 * The Notion connector: public-integration OAuth (no PKCE, rotating refresh tokens, revoke), a full search listing
 * per sync, and pages rendered as Markdown. Every host is `connectors.baseUrls.notion` when set.
 */
export function createNotionDriver(connectors: ConnectorsConfig, options: DriverOptions = {}): ConnectorDriver {
  const origin = originFor(connectors);
  const doFetch = options.fetch ?? fetch;
  const client = new Client({
    baseUrl: origin,
    notionVersion: NOTION_VERSION,
    fetch: (url, init) => doFetch(url, init),
    // The engine waits and retries (withRetries) with the provider's Retry-After; the SDK's own retries would hide it.
    retry: false,
    logLevel: LogLevel.ERROR,
  });
  /** Page objects from the latest listings, by id; used only while their version is the one being fetched. */
  const rememberedPages = new Map<string, PageObjectResponse>();
  /**
   * The workspace each freshly exchanged access token belongs to, read once by `accountIdentity` (the connect flow
   * calls it right after the exchange), for an answer of users/me without `bot.workspace_id`.
   */
  const workspaceByToken = new Map<string, string>();

  async function call<T>(run: () => Promise<T>, name: string): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toConnectorError(error, name);
    }
  }

  function requireClient(): { clientId: string; clientSecret: string } {
    if (!connectors.notion) throw new Error('Notion is not configured (NOTION_CLIENT_ID, NOTION_CLIENT_SECRET)');
    return connectors.notion;
  }

  /** The token endpoint (HTTP Basic client credentials, JSON body); a refused code or refresh token is `invalid_grant`. */
  async function requestTokens(grant: OauthTokenParameters, what: string): Promise<OAuthTokens> {
    const { clientId, clientSecret } = requireClient();
    let body: OauthTokenResponse;
    try {
      body = await client.oauth.token({ ...grant, client_id: clientId, client_secret: clientSecret });
    } catch (error) {
      if (isHTTPResponseError(error) && oauthErrorOf(error.body) === 'invalid_grant') {
        throw new ConnectorAuthError(`Notion refused the grant (${what}): invalid_grant`);
      }
      throw toClientCredentialsError(error, what);
    }
    if (workspaceByToken.size >= 100) workspaceByToken.clear();
    workspaceByToken.set(body.access_token, body.workspace_id);
    // Notion documents no lifetime for its access tokens; an answer naming one is honoured.
    const expiresIn = (body as { expires_in?: unknown }).expires_in;
    return {
      accessToken: body.access_token,
      // Refresh tokens rotate: each refresh answers a new one and the previous one stops working.
      refreshToken: body.refresh_token ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
      // Notion has no OAuth scopes: the user picks the pages the integration may read on the consent page.
      scopes: [],
    };
  }

  function rememberPage(page: PageObjectResponse): void {
    rememberedPages.delete(page.id);
    rememberedPages.set(page.id, page);
    if (rememberedPages.size > MAX_REMEMBERED_PAGES) {
      const oldest = rememberedPages.keys().next().value;
      if (oldest !== undefined) rememberedPages.delete(oldest);
    }
  }

  function toRemoteItem(page: PageObjectResponse): RemoteItem {
    const isGone = page.archived === true || page.in_trash === true;
    return {
      id: page.id,
      name: pageTitle(page),
      deleted: isGone,
      mimeType: 'text/markdown',
      size: null,
      modifiedAt: new Date(page.last_edited_time),
      // Any edit of the page (text, title, properties) moves last_edited_time; unchanged pages are not fetched again.
      version: isGone ? null : page.last_edited_time,
      webUrl: isGone ? null : page.url,
      // Notion's API does not say who may read a page: only the connecting person sees Notion documents.
      sharedWith: [],
    };
  }

  async function readPage(accessToken: string, item: RemoteItem): Promise<PageObjectResponse> {
    const remembered = rememberedPages.get(item.id);
    if (remembered && item.version !== null && remembered.last_edited_time === item.version) return remembered;
    const page = await call(() => client.pages.retrieve({ auth: accessToken, page_id: item.id }), 'pages/retrieve');
    if (!isFullPage(page)) {
      throw new ConnectorHttpError('Notion pages/retrieve answered without the page properties', { status: 403 });
    }
    return page;
  }

  /** A block's children, depth first, within the depth and per-page block caps (what lies beyond is left out). */
  async function readChildren(
    accessToken: string,
    blockId: string,
    depth: number,
    budget: { remaining: number },
  ): Promise<BlockNode[]> {
    const nodes: BlockNode[] = [];
    let startCursor: string | undefined;
    do {
      const page = await call(
        () =>
          client.blocks.children.list({
            auth: accessToken,
            block_id: blockId,
            page_size: PAGE_SIZE,
            ...(startCursor ? { start_cursor: startCursor } : {}),
          }),
        'blocks/children',
      );
      for (const result of page.results) {
        if (budget.remaining <= 0) break;
        if (!isFullBlock(result)) continue;
        budget.remaining -= 1;
        nodes.push({ block: result, children: [] });
      }
      startCursor = page.has_more && budget.remaining > 0 ? (page.next_cursor ?? undefined) : undefined;
    } while (startCursor);
    for (const node of nodes) {
      const canDescend = node.block.has_children && !SEPARATE_DOCUMENT_TYPES.has(node.block.type);
      if (canDescend && depth < MAX_BLOCK_DEPTH && budget.remaining > 0) {
        node.children = await readChildren(accessToken, node.block.id, depth + 1, budget);
      }
    }
    return nodes;
  }

  return {
    provider: 'notion',

    isConfigured: () => connectors.notion !== null,

    authorizationUrl(request) {
      const { clientId } = requireClient();
      const url = new URL(`${origin}/v1/oauth/authorize`);
      // Notion documents no PKCE for public integrations: the challenge is not sent (the client secret guards the code).
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        owner: 'user',
        redirect_uri: request.redirectUri,
        state: request.state,
      }).toString();
      return url.toString();
    },

    exchangeCode(exchange) {
      return requestTokens(
        { grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri },
        'code exchange',
      );
    },

    refresh(refreshToken) {
      return requestTokens({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'token refresh');
    },

    /**
     * The bot user of the token (users/me) names the person who connected and the workspace. The id is
     * `<workspace id>:<person id>`: the same person connecting another workspace is another account.
     */
    async accountIdentity(accessToken): Promise<AccountIdentity> {
      // `users.me` types its argument so that no `auth` fits (Record<string, never>): the same call through `request`.
      const me = await call(
        () => client.request<GetSelfResponse>({ path: 'users/me', method: 'get', auth: accessToken }),
        'users/me',
      );
      const exchangedWorkspace = workspaceByToken.get(accessToken) ?? null;
      workspaceByToken.delete(accessToken);
      const bot = me.type === 'bot' && 'owner' in me.bot ? me.bot : null;
      const owner = bot?.owner.type === 'user' ? bot.owner.user : null;
      const person = owner && isPersonUser(owner) ? owner : null;
      const workspaceId = (bot?.workspace_id || exchangedWorkspace) ?? null;
      // A workspace-owned bot (no person behind it) is known by its own id, which stands for this authorization.
      const accountId = owner?.id ?? me.id;
      const name = person?.name ?? null;
      const workspaceName = bot?.workspace_name ?? null;
      return {
        id: workspaceId ? `${workspaceId}:${accountId}` : accountId,
        email: person?.person.email ?? null,
        name: name && workspaceName ? `${name} (${workspaceName})` : (name ?? workspaceName),
      };
    },

    /**
     * One search page per call, oldest edits first: a page edited while a listing runs moves to its end, where the
     * listing still meets it (newest first, it would jump to pages already read, and the sweep would remove it until the
     * next sync). A null cursor, or one whose listing has ended, starts a new full
     * listing (`startsFullListing`); a cursor inside a listing continues it, also in another process. A start_cursor
     * Notion no longer accepts (400) restarts the listing through ConnectorCursorResetError.
     */
    async listChanges(accessToken, cursor) {
      const startCursor = readListingCursor(cursor);
      let response: Awaited<ReturnType<Client['search']>>;
      try {
        response = await client.search({
          auth: accessToken,
          filter: { property: 'object', value: 'page' },
          sort: { timestamp: 'last_edited_time', direction: 'ascending' },
          page_size: PAGE_SIZE,
          ...(startCursor ? { start_cursor: startCursor } : {}),
        });
      } catch (error) {
        if (startCursor && isHTTPResponseError(error) && error.status === 400) {
          throw new ConnectorCursorResetError(`Notion search refused the listing's start_cursor: ${error.code}`);
        }
        throw toConnectorError(error, 'search');
      }
      const items: RemoteItem[] = [];
      for (const result of response.results) {
        // Partial pages (no read access to their content) and anything that is not a page are not documents.
        if (result.object !== 'page' || !isFullPage(result)) continue;
        rememberPage(result);
        items.push(toRemoteItem(result));
      }
      const hasMore = response.has_more && response.next_cursor !== null;
      return {
        items,
        nextCursor: hasMore ? `${CURSOR_PREFIX}next:${response.next_cursor}` : DONE_CURSOR,
        hasMore,
        ...(startCursor === null ? { startsFullListing: true } : {}),
      };
    },

    async fetchContent(accessToken, item): Promise<RemoteContent> {
      const page = await readPage(accessToken, item);
      const blocks = await readChildren(accessToken, page.id, 1, { remaining: MAX_BLOCKS_PER_PAGE });
      return { content: Buffer.from(renderPage(page, blocks), 'utf8'), mimeType: 'text/markdown' };
    },

    /** Revokes the token (access or refresh) with the integration's credentials; an unknown token is quietly done. */
    async revoke(token) {
      const { clientId, clientSecret } = requireClient();
      try {
        await client.oauth.revoke({ token, client_id: clientId, client_secret: clientSecret });
      } catch (error) {
        const code = isHTTPResponseError(error) ? oauthErrorOf(error.body) : null;
        if (code === 'invalid_grant' || code === 'invalid_token') return;
        throw toClientCredentialsError(error, 'oauth/revoke');
      }
    },
  };
}
