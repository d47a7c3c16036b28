import { useLoaderData } from '@portfolio/router';
import { Gallery } from '@portfolio/ui/gallery';
import type { AboutLoaderData } from '../routes';
import { aboutText } from '../about-text';
import { PhilosophyPanel } from '../components/philosophy-panel';
import { TitledList } from '../components/titled-list';
import styles from './about-page.module.css';

/** About (docs/product-rules.md): intro, the photo gallery, two book lists side by side, then the deep dive. */
export function AboutView({ about: { basics, deep }, galleryPhotos }: AboutLoaderData) {
  return (
    <>
      <h1 className="mb-3">About Me</h1>
      <aboutText.Markup className="mb-4">{basics.intro}</aboutText.Markup>
      <Gallery galleryTitle={basics.galleryTitle} galleryPhotoList={galleryPhotos} />
      <div className={styles.books}>
        <TitledList level={2} compact title={basics.bookInfluenceTitle} items={basics.bookInfluenceList} />
        <TitledList level={2} compact title={basics.bookLoveTitle} items={basics.bookLoveList} />
      </div>
      <section aria-labelledby="deep-dive">
        <h2 id="deep-dive" className="h3 mb-3">
          Get to know me deep dive:
        </h2>
        <PhilosophyPanel title="Personal Philosphy on Life and Work:" statement={deep.personalStatement} />
        <div className="row g-4">
          <div className="col-12 col-md-6">
            <TitledList level={3} title={deep.joyListTitle} items={deep.joyList} />
          </div>
          <div className="col-12 col-md-6">
            <TitledList level={3} title={deep.goalListTitle} items={deep.goalList} />
          </div>
          <div className="col-12 col-md-6">
            <TitledList level={3} title={deep.qualitiesListTitle} items={deep.qualitiesList} />
          </div>
          <div className="col-12 col-md-6">
            <TitledList level={3} title={deep.improvmentListTitle} items={deep.improvmentList} />
          </div>
        </div>
      </section>
    </>
  );
}

/** The route's screen: what the about loader read. */
export function AboutPage() {
  return <AboutView {...useLoaderData<AboutLoaderData>()} />;
}
