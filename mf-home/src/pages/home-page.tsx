import { homeContent } from '../home';

export function HomePage() {
  return (
    <>
      <h1 className="display-4 fw-bold">{homeContent.greeting}</h1>
      <p className="h3">{homeContent.intro}</p>
      <hr className="my-5" />
      <section aria-labelledby="this-website">
        <h2 id="this-website">{homeContent.thisWebsiteTitle}</h2>
        <p>{homeContent.thisWebsiteText}</p>
      </section>
    </>
  );
}
