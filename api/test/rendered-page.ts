/**
 * A page as its section's renderer renders it: a renderer starts on its section's first request, which the
 * browser renders instead, so the page is asked for again until rendered.
 */
export async function renderedPage(ask: () => Promise<Response>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await ask();
    const html = await response.text();
    // the browser's page is a 200 without `<main`: a redirect, a 404 or a 503 came from a renderer
    if (response.status !== 200 || html.includes('<main') || Date.now() > until) return { response, html };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
