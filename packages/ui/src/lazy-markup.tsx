import { useEffect, useId, useState, type ComponentType, type ReactElement } from 'react';

/** A component whose code is fetched only when a page renders it afresh (see lazyMarkup). */
interface LazyMarkup<Props extends object> {
  /** Fetches the component's code once; a route's loader awaits it, so the page renders it at once. */
  load(): Promise<void>;
  /** The component inside a `<div>`; while a page hydrates without its code, the server's markup as it is. */
  Markup(props: Props): ReactElement;
}

const markupAttribute = 'data-lazy-markup';

/** The markup the server rendered for this element, read before hydration touches it (undefined if none). */
function serverMarkupOf(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const element of document.querySelectorAll(`[${markupAttribute}]`)) {
    if (element.getAttribute(markupAttribute) === id) return element.innerHTML;
  }
  return undefined;
}

const sameProps = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => (b as Record<string, unknown>)[key] === value);

/**
 * Static markup whose renderer is heavy (markdown and its highlighting): the server renders it, and a page
 * that hydrates the server's HTML keeps that markup without fetching or running the renderer, which a
 * visitor would only pay for in blocked time. The renderer is fetched when a page renders the component
 * afresh: a client-side navigation (the route's loader awaits `load()`), or props that changed since the
 * server's.
 */
export function lazyMarkup<Props extends object>(
  importComponent: () => Promise<ComponentType<Props>>,
): LazyMarkup<Props> {
  let Component: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= importComponent().then(
      (loaded) => {
        Component = loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function Markup(props: Props) {
    const id = useId();
    // read once, on the render that hydrates: the props the server rendered and the markup it made of them
    const [server] = useState(() => ({ props, html: Component ? undefined : serverMarkupOf(id) }));
    const [, setLoaded] = useState(false);
    const serverMarkup = sameProps(server.props, props) ? server.html : undefined;
    const missing = !Component && serverMarkup === undefined;
    useEffect(() => {
      if (!missing) return;
      load().then(
        () => setLoaded(true),
        // a failed fetch is thrown where this renders, for the route's error view
        (error: unknown) =>
          setLoaded(() => {
            throw error;
          }),
      );
    }, [missing]);
    if (Component) {
      return (
        <div key="rendered" {...{ [markupAttribute]: id }}>
          <Component {...props} />
        </div>
      );
    }
    return <div key="server" {...{ [markupAttribute]: id }} dangerouslySetInnerHTML={{ __html: serverMarkup ?? '' }} />;
  }
  return { load, Markup };
}
