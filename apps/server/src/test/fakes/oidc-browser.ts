/**
 * Walks an OpenID provider's login and consent pages the way a browser would (cookies, redirects, form posts), and
 * stops at the first redirect back to `callbackPrefix`, which it returns.
 */
export async function walkOidcLogin(authorizeUrl: string, login: string, callbackPrefix: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(callbackPrefix)) return url;
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected page from the provider (${response.status}): ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
  }
  throw new Error('too many redirects at the provider');
}
