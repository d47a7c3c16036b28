import type { EducationItem, ExperienceItem, OtherItem, SkillItem } from '@portfolio/contracts/resume';
import { commaSeparated } from '../resume';
import styles from './resume-sections.module.css';

/** Experience (docs/product-rules.md): company, date, then roles with title, location, date and bullet points. */
export function ExperienceSection({ items }: { items: readonly ExperienceItem[] }) {
  return (
    <>
      {items.map((item) => (
        <article key={`${item.company} ${item.date}`} className={styles.entry}>
          <header className={styles.line}>
            <h3 className="h5 mb-0">{item.company}</h3>
            <span className={styles.date}>{item.date}</span>
          </header>
          {item.roleList.map((role) => (
            <section key={`${role.roleTitle} ${role.date}`} className={styles.role}>
              <div className={styles.line}>
                <h4 className="h6 mb-0">{role.roleTitle}</h4>
                <span className={styles.date}>
                  {role.location} · {role.date}
                </span>
              </div>
              <ul className="mt-2 mb-0">
                {role.expPointList.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </section>
          ))}
        </article>
      ))}
    </>
  );
}

/** Education (docs/product-rules.md): institution, location, date, summary. */
export function EducationSection({ items }: { items: readonly EducationItem[] }) {
  return (
    <>
      {items.map((item) => (
        <article key={`${item.institution} ${item.date}`} className={styles.entry}>
          <header className={styles.line}>
            <h3 className="h5 mb-0">{item.institution}</h3>
            <span className={styles.date}>
              {item.location} · {item.date}
            </span>
          </header>
          <p className="mt-2 mb-0">{item.summary}</p>
        </article>
      ))}
    </>
  );
}

/** Skills (docs/product-rules.md): the skill and its examples, comma-separated. */
export function SkillsSection({ items }: { items: readonly SkillItem[] }) {
  return (
    <dl className="mb-0">
      {items.map((item) => (
        <div key={item.skill} className={styles.pair}>
          <dt>{item.skill}</dt>
          <dd className="mb-0">{commaSeparated(item.skillExampleList)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Honors (docs/product-rules.md): plain lines. */
export function HonorsSection({ items }: { items: readonly string[] }) {
  return (
    <ul className={`list-unstyled mb-0 ${styles.lines}`}>
      {items.map((honor) => (
        <li key={honor}>{honor}</li>
      ))}
    </ul>
  );
}

/** Other (docs/product-rules.md): titled comma-separated lists (Certifications, Languages, Hobbies). */
export function OtherSection({ items }: { items: readonly OtherItem[] }) {
  return (
    <dl className="mb-0">
      {items.map((item) => (
        <div key={item.title} className={styles.pair}>
          <dt>{item.title}</dt>
          <dd className="mb-0">{commaSeparated(item.list)}</dd>
        </div>
      ))}
    </dl>
  );
}
