import { useEffect, useId, useState } from 'react';
import { Link } from '@portfolio/router';
import { reportConversion } from '@portfolio/contracts/field-signals';
import type { DoorGroupDoors } from '../doors';
import { doorImageUrl } from '../content/door-images';
import { DoorMat } from './door-mat';
import styles from './door-group.module.css';

/**
 * One door group: the door picked for this load (home's loader), open while hovered or focused, its tooltip
 * beside it; the door is a link to its page, the doormat beneath swaps it. Both pictures share one
 * fixed-size frame, so neither a swap nor opening moves anything on the page.
 */
export function DoorGroup({
  doors,
  pickedIndex,
  matLabel,
}: {
  doors: DoorGroupDoors;
  pickedIndex: number;
  matLabel: string;
}) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const shownId = chosenId ?? (doors[pickedIndex] ?? doors[0]).id;
  const [open, setOpen] = useState(false);
  // WCAG 1.4.13: Escape hides the tooltip (the door stays open) until the door is left and shown again
  const [tooltipDismissed, setTooltipDismissed] = useState(false);
  const tooltipId = useId();
  const door = doors.find((candidate) => candidate.id === shownId) ?? doors[0];
  const show = () => setOpen(true);
  const hide = () => {
    setOpen(false);
    setTooltipDismissed(false);
  };
  useEffect(() => {
    if (!open) return;
    const dismissOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setTooltipDismissed(true);
    document.addEventListener('keydown', dismissOnEscape);
    return () => document.removeEventListener('keydown', dismissOnEscape);
  }, [open]);
  const tooltipShown = open && !tooltipDismissed;
  return (
    <div className={styles.group} data-door-group={door.catagory}>
      {/* hover is the doorway's, tooltip included, so the pointer can move onto the tooltip (WCAG 1.4.13) */}
      <div className={styles.doorway} onMouseEnter={show} onMouseLeave={hide}>
        <Link
          to={door.link}
          // through a door into another section, the page cross-fades (the shell's site.css)
          viewTransition
          className={`${styles.door} ${open ? styles.open : ''}`}
          aria-describedby={tooltipId}
          onFocus={show}
          onBlur={hide}
          onClick={() => reportConversion('door-followed')}
        >
          {/* keyed by door: a swap puts new text in place rather than moving old text (no layout shift) */}
          <span key={door.id} className="visually-hidden">{`${door.name} door`}</span>
          {/* the three closed doors are the page's largest paint: fetched first, not queued behind the scripts */}
          <img
            className={styles.closedImage}
            src={doorImageUrl(door.closedImage)}
            alt=""
            width={160}
            height={240}
            fetchPriority="high"
          />
          {/* shown only on hover: lazy, so it neither gets a preload nor competes with the closed doors */}
          <img
            className={styles.openedImage}
            src={doorImageUrl(door.openedImage)}
            alt=""
            width={160}
            height={240}
            loading="lazy"
          />
        </Link>
        <div
          id={tooltipId}
          role="tooltip"
          className={`tooltip bs-tooltip-top ${styles.tooltip} ${tooltipShown ? styles.tooltipShown : ''}`}
        >
          <div className={`tooltip-arrow ${styles.tooltipArrow}`} />
          <div className="tooltip-inner">{door.toolTipText}</div>
        </div>
      </div>
      <p key={door.id} className={styles.name} aria-hidden="true">
        {door.name}
      </p>
      <DoorMat
        doors={doors}
        shownId={shownId}
        label={matLabel}
        onChoose={(chosen) => {
          setChosenId(chosen.id);
          hide();
        }}
      />
    </div>
  );
}
