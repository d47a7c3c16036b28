import { useId } from 'react';
import styles from './titled-list.module.css';

interface TitledListProps {
  title: string;
  items: readonly string[];
  /** The heading level this list sits at on the page. */
  level: 2 | 3;
  /** Half a phone's width: smaller type and padding there, so each column stays readable. */
  compact?: boolean;
}

/** A titled list in a card: the book lists and the four deep-dive lists. */
export function TitledList({ title, items, level, compact = false }: TitledListProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className={`card h-100 ${styles.card} ${compact ? styles.compact : ''}`}>
      <div className="card-body">
        <Heading id={headingId} className="h5 card-title mb-3">
          {title}
        </Heading>
        <ul className={`mb-0 ${styles.list}`}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
