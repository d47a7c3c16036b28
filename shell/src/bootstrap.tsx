import '@portfolio/ui/theme.scss';
import './layout/site.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerRemotesFromConfig } from './federation/remotes-config';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

registerRemotesFromConfig()
  .catch((error: unknown) => {
    // Without remotes.json every section is unavailable, but the frame and the error views still work.
    console.error('Could not read /remotes.json', error);
  })
  .finally(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
