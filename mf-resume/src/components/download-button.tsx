import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { downloadResume } from '../download/resume-download';

/**
 * The header card's button: busy while the PDF downloads; a failure is only logged (docs/product-rules.md)
 * and may be retried. Busy, it is aria-disabled and ignores clicks instead of being disabled, so keyboard
 * focus stays on it during and after the download.
 */
export function DownloadButton({ resource, label }: { resource: string; label: string }) {
  const [busy, setBusy] = useState(false);

  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadResume(resource);
    } catch (error) {
      console.error('The resume could not be downloaded', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="primary" onClick={() => void download()} aria-disabled={busy} aria-busy={busy}>
      {busy ? (
        <>
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          Downloading...
        </>
      ) : (
        label
      )}
    </Button>
  );
}
