import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resumeFileName } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import { DownloadButton } from './download-button';

/** A real HTTP server standing in for POST /api/download: it answers each request when the test releases it. */
async function downloadApi() {
  const received: Array<{ method?: string; path?: string; type?: string; body: string }> = [];
  const waiting: Array<(status: number, body: string) => void> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, path: req.url, type: req.headers['content-type'], body });
      waiting.push((status, answer) =>
        res.writeHead(status, { 'Content-Type': status === 200 ? 'application/pdf' : 'application/json' }).end(answer),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // the page's base URL is the stand-in's origin, so /api/download reaches it
  document.head.innerHTML = `<base href="http://127.0.0.1:${(server.address() as AddressInfo).port}/resume">`;
  /** Answers the oldest request still waiting (once it has come in). */
  const answer = async (status: number, body: string) => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!(status, body);
  };
  return { received, answer, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('DownloadButton', () => {
  // jsdom has no object URLs or downloads: these record what the browser would be asked to do.
  const saved: Array<{ name: string; href: string }> = [];
  let api: Awaited<ReturnType<typeof downloadApi>>;
  beforeEach(async () => {
    saved.length = 0;
    api = await downloadApi();
    URL.createObjectURL = jest.fn(() => 'blob:resume');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await api.close();
  });

  it('posts {resource} as JSON, is busy meanwhile, then saves a named PDF', async () => {
    const user = userEvent.setup();
    render(<DownloadButton resource="resume" label="Download Resume" />);

    await user.click(screen.getByRole('button', { name: 'Download Resume' }));
    const busy = screen.getByRole('button', { name: 'Downloading...' });
    // busy but not disabled, so focus stays on it; a second click starts nothing
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    await user.click(busy);
    await api.answer(200, '%PDF-1.3 sample');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download Resume' })).toHaveAttribute('aria-disabled', 'false'),
    );
    expect(screen.getByRole('button', { name: 'Download Resume' })).toHaveFocus();
    expect(saved).toEqual([{ name: resumeFileName(siteConfig.ownerName), href: 'blob:resume' }]);
    const pdf = (URL.createObjectURL as jest.Mock<string, [Blob]>).mock.calls[0]![0];
    expect(pdf.type).toBe('application/pdf');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(api.received).toEqual([
      { method: 'POST', path: '/api/download', type: 'application/json', body: '{"resource":"resume"}' },
    ]);
  });

  it('only logs a failure (docs/product-rules.md) and lets the visitor try again', async () => {
    const user = userEvent.setup();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<DownloadButton resource="resume" label="Download Resume" />);

    await user.click(screen.getByRole('button', { name: 'Download Resume' }));
    await api.answer(503, '{"statusCode":503,"error":"Service Unavailable","message":"The PDF could not be made."}');
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(logged.mock.calls[0]![1]).toMatchObject({ status: 503 });
    const button = screen.getByRole('button', { name: 'Download Resume' });
    expect(button).toBeEnabled();

    // then the API cannot be reached at all
    await api.close();
    await user.click(button);
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Download Resume' })).toBeEnabled();
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.received).toHaveLength(1);
  });
});
