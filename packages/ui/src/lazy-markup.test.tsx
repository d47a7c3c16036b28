import { act, render, screen } from '@testing-library/react';
import { Component, StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { lazyMarkup } from './lazy-markup';

function Note({ text }: { text: string }) {
  return (
    <p className="note">
      <strong>{text}</strong>
    </p>
  );
}

/** The page around the markup: the same tree on the server and in the browser, as hydration needs. */
const page = (Markup: (props: { text: string }) => ReactNode, text: string) => (
  <StrictMode>
    <main>
      <h1>Title</h1>
      <Markup text={text} />
    </main>
  </StrictMode>
);

/** The server's HTML of the page, rendered with the component loaded (as a route's loader has it). */
async function serverHtml(text: string) {
  const server = lazyMarkup(() => Promise.resolve(Note));
  await server.load();
  return renderToString(page(server.Markup, text));
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyMarkup', () => {
  it('renders the component once loaded, the same in the browser as on the server', async () => {
    const markup = lazyMarkup(() => Promise.resolve(Note));
    await markup.load();
    expect(renderToString(<markup.Markup text="Hello" />)).toMatch(
      /^<div data-lazy-markup="[^"]+"><p class="note"><strong>Hello<\/strong><\/p><\/div>$/,
    );
    render(<markup.Markup text="Hello" />);
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });

  it('loads the code once, however often it is asked for, and again after a failure', async () => {
    const importer = jest
      .fn<Promise<typeof Note>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Note);
    const markup = lazyMarkup(importer);
    await expect(markup.load()).rejects.toThrow('offline');
    await Promise.all([markup.load(), markup.load()]);
    await markup.load();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("keeps the server's markup when the page hydrates, without fetching the code or a hydration error", async () => {
    const html = await serverHtml('From the server');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const paragraph = container.querySelector('p.note');
    const importer = jest.fn(() => Promise.resolve(Note));
    const browser = lazyMarkup(importer);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = jest.fn();
    // act() runs what hydration queued (effects, any fetch they would start) before the checks
    const root = await act(() =>
      Promise.resolve(
        hydrateRoot(container, page(browser.Markup, 'From the server'), { onRecoverableError: recoverable }),
      ),
    );
    expect(container.innerHTML).toBe(html);
    // the very element the server sent, not a copy made by rendering again
    expect(container.querySelector('p.note')).toBe(paragraph);
    expect(importer).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();

    // new props (a client-side change the server never rendered): the code is fetched and renders them
    act(() => {
      root.render(page(browser.Markup, 'Changed'));
    });
    expect(await screen.findByText('Changed')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it('fetches the code itself when rendered afresh before anything loaded it', async () => {
    const importer = jest.fn(() => Promise.resolve(Note));
    const markup = lazyMarkup(importer);
    render(<markup.Markup text="Fetched" />);
    expect(await screen.findByText('Fetched')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('hands a failed fetch to the nearest error boundary', async () => {
    const markup = lazyMarkup<{ text: string }>(() => Promise.reject(new Error('The chunk did not load')));
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <markup.Markup text="Never" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The chunk did not load');
    errors.mockRestore();
  });
});
