import { useEffect, useRef, type ReactNode } from 'react';
import styles from './owner.module.css';

/**
 * An owner page's h1. It takes focus when the page opens, so a screen reader or keyboard user
 * starts at the new page's top (the site's links are full page loads; these pages change in place).
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className={`mb-3 ${styles.heading}`}>
      {children}
    </h1>
  );
}
