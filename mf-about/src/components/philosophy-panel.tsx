import { useId, useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import { aboutText } from '../about-text';
import styles from './philosophy-panel.module.css';

/** docs/product-rules.md: a collapsible panel (closed at first, 300 ms) holding the markdown personal statement. */
export function PhilosophyPanel({ title, statement }: { title: string; statement: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={`card mb-4 ${styles.panel}`}>
      <h3 className="h5 mb-0">
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          {title}
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </h3>
      <Collapse in={open} timeout={300}>
        <div id={panelId}>
          <div className="card-body border-top">
            <aboutText.Markup>{statement}</aboutText.Markup>
          </div>
        </div>
      </Collapse>
    </div>
  );
}
