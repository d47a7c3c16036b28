import { useLoaderData, type ActionFunctionArgs } from '@portfolio/router';
import { remoteNames, type RemoteName } from '@portfolio/contracts/remote-routes';
import type { SectionsOverview } from '@portfolio/contracts/owner';
import type { RemoteRouteModule } from '@portfolio/contracts/remote-routes';
import { ownerApi } from './owner-api';
import { actionResult, CandidateRefused, submittedFields, withSession, type ActionResult } from './owner-calls';
import { OwnerErrorPage } from './owner-error-page';
import { PageHeading } from './page-heading';
import { experimentsBySection, type ExperimentsBySection } from './experiment-api';
import { experimentAction, isExperimentIntent } from './experiment-action';
import { ExperimentPanel } from './experiment-panel';
import { SectionCard, type SectionIntent } from './section-card';
import { SectionHistory } from './section-history';

type SectionsPage = SectionsOverview & ExperimentsBySection;

const loader = (): Promise<SectionsPage> =>
  withSession(async () => {
    const [overview, experiments] = await Promise.all([ownerApi.sections(), experimentsBySection(remoteNames)]);
    return { ...overview, ...experiments };
  });

/** Promote checks the candidate first: a candidate with problems is named with them, and nothing changes. */
async function promote(name: RemoteName, url: string): Promise<void> {
  const health = await ownerApi.check(name, url);
  if (!health.ok) throw new CandidateRefused(health.problems);
  await ownerApi.promote(name, url);
}

async function action({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const field = await submittedFields(request);
  const intent = field('intent') as SectionIntent;
  const name = field('name') as RemoteName;
  const url = field('url').trim();
  if (!remoteNames.includes(name)) return { intent, ok: false, message: 'Unknown section.', problems: [] };
  if (isExperimentIntent(intent)) return experimentAction(intent, name, field);
  if ((intent === 'preview' || intent === 'promote') && !url)
    return { intent, ok: false, message: 'Enter the candidate URL first.', problems: [] };
  const calls: Record<SectionIntent, () => Promise<unknown>> = {
    preview: () => ownerApi.preview(name, url),
    'stop-preview': () => ownerApi.stopPreview(name),
    promote: () => promote(name, url),
    'roll-back': () => ownerApi.rollBack(name),
  };
  const call = Object.hasOwn(calls, intent) ? calls[intent] : null;
  if (!call) return { intent, ok: false, message: 'Unknown action.', problems: [] };
  return actionResult(intent, call);
}

function Sections() {
  const overview = useLoaderData<SectionsPage>();
  return (
    <>
      <PageHeading>Sections</PageHeading>
      <p className="text-body-secondary">
        Preview a candidate in this browser only, Promote it to every visitor once it passes the checks, or Roll back to
        the URL before. The live configuration is kept in{' '}
        {overview.storage === 'database' ? 'the database' : 'remotes.json'}.
      </p>
      <div className="d-flex flex-column gap-3">
        {overview.sections.map((section) => (
          <SectionCard key={section.name} section={section}>
            <ExperimentPanel
              section={section}
              experiment={overview.experiments[section.name]}
              releases={overview.releases[section.name] ?? []}
            />
          </SectionCard>
        ))}
      </div>
      <SectionHistory overview={overview} />
    </>
  );
}

export const sectionsRoute = {
  loader,
  action,
  Component: Sections,
  ErrorBoundary: OwnerErrorPage,
  handle: { title: 'Sections' },
} satisfies RemoteRouteModule;
