/** A browser-like client: keeps cookies, sends the site's Origin on POSTs, speaks JSON. */
export class SiteClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null = baseUrl,
  ) {}

  async post(
    path: string,
    body: unknown,
    init: { origin?: string | null; rawBody?: string; contentType?: string } = {},
  ) {
    const origin = init.origin === undefined ? this.origin : init.origin;
    const headers: Record<string, string> = { 'Content-Type': init.contentType ?? 'application/json' };
    if (origin) headers.Origin = origin;
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: init.rawBody ?? JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
    return response;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}
