import { renderStandalone } from '@portfolio/ui/standalone-app';
import routes from './routes';

renderStandalone('mf-about', [{ path: 'about', ...routes.about }]);
