import { useEffect, useRef, type ReactNode } from 'react';
import styles from './owner.module.css';

/**
 * What an owner's action came to, where their attention goes next: focused as it appears, a status when it
 * went well and an alert when not (an error first of all). Shown once an action has answered (a new answer is focused again).
 */
export function ActionOutcome({ result, children }: { result: { ok: boolean }; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [result]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={result.ok ? 'status' : 'alert'}
      className={result.ok ? styles.outcome : `${styles.outcome} ${styles.problem}`}
    >
      {children}
    </div>
  );
}
