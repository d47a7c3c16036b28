import { useLoaderData, type ActionFunctionArgs } from '@portfolio/router';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { ownerApi } from './owner-api';
import { actionResult, actionResultWith, submittedFields, type ActionResult } from './owner-calls';
import { OwnerErrorPage } from './owner-error-page';
import { PageHeading } from './page-heading';
import { experimentAction, isExperimentIntent } from './experiment-action';
import { ExperimentPanel } from './experiment-panel';
import { RolloutPanel } from './rollout-panel';
import { useFollowRollouts } from './follow-rollouts';
import { SectionCard, type SectionIntent } from './section-card';
import { SectionHistory } from './section-history';
import { DeployTokens } from './deploy-tokens';
import { tokenAction, type TokenIntent } from './deploy-token-action';
import { loadSectionsPage, releasesOf, type SectionsPageData } from './sections-page-data';

async function action({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const field = await submittedFields(request);
  const intent = field('intent') as SectionIntent | TokenIntent;
  if (intent === 'create-token' || intent === 'revoke-token') return tokenAction(intent, field);
  const name = field('name') as RemoteName;
  if (!remoteNames.includes(name)) return { intent, ok: false, message: 'Unknown section.', problems: [] };
  if (isExperimentIntent(intent)) return experimentAction(intent, name, field);
  const id = field('id');
  if (intent === 'import') {
    const url = field('url').trim();
    if (!url) return { intent, ok: false, message: "Enter the build's remoteEntry.js URL first.", problems: [] };
    // fetched, checked and kept by the server as an upload is: a 422 names what failed
    return actionResultWith(
      intent,
      () => ownerApi.importRelease(name, url),
      ({ release, created }) => ({ imported: { id: release.id, created } }),
    );
  }
  // a link to the preview origin, for the owner to open (or share): the release never runs on this origin
  if (intent === 'preview')
    return actionResultWith(
      intent,
      () => ownerApi.previewRelease(name, id),
      (link) => ({ preview: link }),
    );
  const calls: Record<Exclude<SectionIntent, 'import' | 'preview'>, () => Promise<unknown>> = {
    // the release live before the current one, checked again first like any promote
    'roll-back': () => ownerApi.rollBack(name),
    // the server runs the release's checks again first: a 422 names those that failed
    'promote-release': () => ownerApi.promoteRelease(name, id),
    // a 409 says why not (live, or in the running experiment)
    'delete-release': () => ownerApi.deleteRelease(name, id),
  };
  const call = Object.hasOwn(calls, intent) ? calls[intent] : null;
  if (!call) return { intent, ok: false, message: 'Unknown action.', problems: [] };
  return actionResult(intent, call);
}

function Sections() {
  const { overview, releases, tokens, experiments } = useLoaderData<SectionsPageData>();
  const now = useFollowRollouts(experiments);
  return (
    <>
      <PageHeading>Sections</PageHeading>
      <p className="text-body-secondary">
        Each section&apos;s releases, newest first: Import a build from a URL as a release, Preview one (on the preview
        origin, never here), Promote one to every visitor (the site checks it again first), Roll back to the one live
        before, or Delete one that is not live. Try one on a share of visitors with an experiment, or roll it out by
        steps that begin by themselves while the guard finds no harm. The live configuration is kept in{' '}
        {overview.storage === 'database' ? 'the database' : 'remotes.json'}.
      </p>
      <div className="d-flex flex-column gap-3">
        {overview.sections.map((section) => (
          <SectionCard
            key={section.name}
            section={section}
            releases={releases[section.name]}
            experiment={experiments[section.name]}
          >
            <ExperimentPanel
              section={section}
              experiment={experiments[section.name]}
              releases={releasesOf(releases[section.name])}
            />
            <RolloutPanel
              section={section}
              experiment={experiments[section.name]}
              releases={releasesOf(releases[section.name])}
              now={now}
            />
          </SectionCard>
        ))}
      </div>
      <DeployTokens tokens={tokens} sections={overview.sections} />
      <SectionHistory overview={overview} />
    </>
  );
}

export const sectionsRoute = {
  loader: loadSectionsPage,
  action,
  Component: Sections,
  ErrorBoundary: OwnerErrorPage,
  handle: { title: 'Sections' },
} satisfies RemoteRouteModule;
