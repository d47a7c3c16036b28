import 'bootstrap/dist/css/bootstrap.min.css';
import './layout/site.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerRemotesFromConfig } from './federation/remotes-config';
import { App } from './app/app';

const root = createRoot(document.getElementById('root')!);

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
