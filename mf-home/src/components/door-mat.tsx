import type { Door } from '../doors';
import { doorImageUrl } from '../content/door-images';
import styles from './door-group.module.css';

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
          <img src={doorImageUrl(door.matData.matImage)} alt="" width={20} height={20} />
          <span>{door.name}</span>
        </button>
      ))}
    </div>
  );
}
