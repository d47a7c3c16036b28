import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resumeFileName } from '@portfolio/contracts/resume';
import { siteConfig } from '@portfolio/contracts/site-config';
import { DownloadButton } from './download-button';

/** A fetch answer the test releases when it wants, to see the busy state in between. */
function pendingAnswer() {
  let settle!: (answer: { ok: boolean; status: number; blob: () => Promise<Blob> }) => void;
  const promise = new Promise<Parameters<typeof settle>[0]>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('DownloadButton', () => {
  // jsdom has no fetch, object URLs or downloads: these record what the browser would be asked to do.
  const fetchMock = jest.fn();
  const saved: Array<{ name: string; href: string }> = [];
  beforeEach(() => {
    fetchMock.mockReset();
    saved.length = 0;
    globalThis.fetch = fetchMock;
    URL.createObjectURL = jest.fn(() => 'blob:resume');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('posts {resource} as JSON with credentials, is busy meanwhile, then saves a named PDF', async () => {
    const user = userEvent.setup();
    const answer = pendingAnswer();
    fetchMock.mockReturnValue(answer.promise);
    render(<DownloadButton resource="resume" label="Download Resume" />);

    await user.click(screen.getByRole('button', { name: 'Download Resume' }));
    const busy = screen.getByRole('button', { name: 'Downloading...' });
    // busy but not disabled, so focus stays on it; a second click starts nothing
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      'http://localhost/api/download',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"resource":"resume"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );

    answer.settle({ ok: true, status: 200, blob: () => Promise.resolve(new Blob(['%PDF-1.3 sample'])) });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download Resume' })).toHaveAttribute('aria-disabled', 'false'),
    );
    expect(screen.getByRole('button', { name: 'Download Resume' })).toHaveFocus();
    expect(saved).toEqual([{ name: resumeFileName(siteConfig.ownerName), href: 'blob:resume' }]);
    const pdf = (URL.createObjectURL as jest.Mock<string, [Blob]>).mock.calls[0]![0];
    expect(pdf.type).toBe('application/pdf');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('only logs a failure (docs/product-rules.md) and lets the visitor try again', async () => {
    const user = userEvent.setup();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce({ ok: false, status: 503, blob: () => Promise.resolve(new Blob([])) });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<DownloadButton resource="resume" label="Download Resume" />);

    await user.click(screen.getByRole('button', { name: 'Download Resume' }));
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(String(logged.mock.calls[0]![1])).toContain('503');
    const button = screen.getByRole('button', { name: 'Download Resume' });
    expect(button).toBeEnabled();

    await user.click(button);
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Download Resume' })).toBeEnabled();
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
