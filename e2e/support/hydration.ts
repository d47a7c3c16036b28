/**
 * Run in the page before its scripts (page.addInitScript): keeps the first h1 the HTML parser puts
 * into the page's main element, which is the server's.
 */
export function keepServerHeading(): void {
  const observer = new MutationObserver(() => {
    const heading = document.querySelector('main h1');
    if (!heading) return;
    (window as unknown as { serverHeading: Element }).serverHeading = heading;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Run in the page: hydration kept the server's elements, so its h1 is still the one the parser made. */
export function serverHeadingKept(): boolean {
  const server = (window as unknown as { serverHeading?: Element }).serverHeading;
  return Boolean(server) && document.querySelector('main h1') === server;
}
