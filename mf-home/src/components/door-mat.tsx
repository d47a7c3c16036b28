import type { CSSProperties } from 'react';
import type { Door } from '../doors';
import { doorPicture } from '../content/door-images';
import styles from './door-group.module.css';

/** The label's icon, 20 px: a picture of its own, or its part of a sprite's one picture (one request for all). */
function MatIcon({ name }: { name: string }) {
  const size = 20;
  const picture = doorPicture(name);
  if ('url' in picture) return <img src={picture.url} alt="" width={size} height={size} />;
  const [x, y, width] = picture.view;
  const scale = size / width;
  const style: CSSProperties = {
    backgroundImage: `url("${picture.sprite.url}")`,
    backgroundSize: `${picture.sprite.width * scale}px ${picture.sprite.height * scale}px`,
    backgroundPosition: `${-x * scale}px ${-y * scale}px`,
  };
  return <span className={styles.matIcon} style={style} aria-hidden="true" />;
}

interface DoorMatProps {
  doors: readonly Door[];
  shownId: number;
  label: string;
  onChoose: (door: Door) => void;
}

/** The doormat beneath a door: one label per door of the group; choosing one swaps the door. */
export function DoorMat({ doors, shownId, label, onChoose }: DoorMatProps) {
  return (
    <div className={styles.mat} role="group" aria-label={label}>
      {doors.map((door) => (
        <button
          key={door.id}
          type="button"
          className={styles.matLabel}
          aria-pressed={door.id === shownId}
          onClick={() => onChoose(door)}
        >
          <MatIcon name={door.matData.matImage} />
          <span>{door.name}</span>
        </button>
      ))}
    </div>
  );
}
