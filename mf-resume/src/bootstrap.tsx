import { renderStandalone } from '@portfolio/ui/standalone-app';
import routes from './routes';

renderStandalone('mf-resume', [{ path: 'resume', ...routes.resume }]);
