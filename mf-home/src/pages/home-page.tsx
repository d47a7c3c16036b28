import { useLoaderData } from '@portfolio/router';
import { homeContent } from '../home';
import { doorGroups } from '../doors';
import { DoorGroup } from '../components/door-group';
import { ContactForm } from '../contact/contact-form';
import { contactContent } from '../contact/contact-content';
import type { HomeLoaderData } from './home-loader';
import styles from './home-page.module.css';

const groups = doorGroups();

/** Home (docs/product-rules.md): greeting, three door groups, a rule, "This Website", "Contact Me" and the form. */
export function HomePage() {
  const { doorPicks } = useLoaderData<HomeLoaderData>();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-greeting">
        <h1 id="home-greeting" className="display-3 fw-bold mb-1">
          {homeContent.greeting}
        </h1>
        <p className="h3 mb-4">{homeContent.intro}</p>
        <div className={styles.doors}>
          {groups.map((group, index) => (
            <DoorGroup
              key={group[0].catagory}
              doors={group}
              pickedIndex={doorPicks[index] ?? 0}
              matLabel={homeContent.doorMatLabel}
            />
          ))}
        </div>
      </section>
      <hr className="my-5" />
      <section aria-labelledby="this-website">
        <h2 id="this-website">{homeContent.thisWebsiteTitle}</h2>
        <p>{homeContent.thisWebsiteText}</p>
      </section>
      <section aria-labelledby="contact-me" className={styles.contact}>
        <h2 id="contact-me">{contactContent.title}</h2>
        <p>{contactContent.intro}</p>
        <ContactForm />
      </section>
    </>
  );
}
