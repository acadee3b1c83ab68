/** The only link protocols rendered markdown may use (docs/product-rules.md#markdown-links). */
export const SAFE_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

const PROTOCOL = /^([a-z][a-z\d+.-]*):/i;

/**
 * react-markdown's urlTransform: keeps a URL only when it names one of the safe protocols; anything else (javascript:,
 * data:, relative paths) becomes empty, and the link renders as plain text.
 */
export function keepSafeUrl(url: string): string {
  const protocol = PROTOCOL.exec(url.trim())?.[1]?.toLowerCase();
  return protocol && (SAFE_LINK_PROTOCOLS as readonly string[]).includes(protocol) ? url : '';
}
